// Tool descriptions as a provider takes them: the top-level schema notes appended, the server
// named when another server has a tool of the same name, filled in where a provider refuses an
// empty one (Bedrock), and cut to the provider's maximum (OpenAI: 1,024) without cutting the
// server's name.
import type { ProviderLimits } from '../../types/providers.js';
import { describeHidden, hasHidden, hiddenCharacters, stripHidden } from '../integrity/hidden-characters.js';
import type { SourceTool } from './types.js';

const MAX_LABEL = 60;

/**
 * The description `limits`' provider gets: `notes` are sentences from the input schema's top
 * level that the schema could not carry; `twin`: another enabled server lists a tool with the
 * same (sanitized) name. What was changed is appended to `changes`.
 */
export function toolDescription(tool: SourceTool, twin: boolean, notes: readonly string[], limits: ProviderLimits, changes: string[]): string {
  const raw = tool.description;
  const max = limits.maxDescription;
  // The common case: a description that fits, nothing to add.
  if (!twin && notes.length === 0 && typeof raw === 'string' && (max === null || raw.length <= max) && (raw !== '' || !limits.descriptionRequired)) {
    return raw;
  }
  const base = typeof raw === 'string' ? raw.trim() : '';
  let text = joinNotes(base, notes);
  const label = serverLabel(tool, changes);
  const suffix = twin ? `(MCP server: ${label})` : '';
  if (twin) changes.push('named the server in the description (another server has a tool with the same name)');
  if (text === '' && limits.descriptionRequired && suffix === '') {
    text = `Tool "${stripHidden(String(tool.original)).slice(0, 64)}" of the MCP server "${label}".`;
    changes.push(`filled in the empty description (${limits.label} refuses an empty one)`);
  }
  const full = suffix === '' ? text : text === '' ? suffix : `${text} ${suffix}`;
  if (max === null || full.length <= max) return full;
  const room = Math.max(0, max - (suffix === '' ? 0 : suffix.length + 1) - 1);
  changes.push(`cut the description to ${max.toLocaleString('en-US')} characters (it had ${full.length.toLocaleString('en-US')}; the limit of ${limits.label})`);
  const cut = `${cutAt(text, room)}…`;
  return suffix === '' ? cut : `${cut} ${suffix}`;
}

/**
 * `base` and the non-empty `notes`, after a full stop when `base` has no closing mark. Joined by
 * concatenation: most calls (a twin's description) have no notes, and an array join copied the
 * whole description for each provider.
 */
function joinNotes(base: string, notes: readonly string[]): string {
  if (notes.length === 0) return base;
  let text = base;
  const separator = base !== '' && !/[.!?:;]$/.test(base) ? '. ' : ' ';
  for (const note of notes) if (note !== '') text = text === '' ? note : `${text}${separator}${note}`;
  return text;
}

/** The server's label as a description names it; hidden characters removed (and said in `changes`). */
function serverLabel(tool: SourceTool, changes: string[]): string {
  let label = typeof tool.server?.label === 'string' ? tool.server.label.replace(/\s+/g, ' ').trim() : '';
  if (hasHidden(label)) {
    changes.push(`removed ${describeHidden(hiddenCharacters(label))} from the server's name in the description`);
    label = stripHidden(label).trim();
  }
  const name = label !== '' ? label : String(tool.server?.uuid ?? '').slice(0, 8);
  return name.length > MAX_LABEL ? `${cutAt(name, MAX_LABEL - 1)}…` : name;
}

/** `text` cut to at most `room` UTF-16 units, at a word break when one is near, never inside a surrogate pair. */
function cutAt(text: string, room: number): string {
  if (text.length <= room) return text;
  let end = room;
  const code = text.charCodeAt(end - 1);
  if (code >= 0xd800 && code <= 0xdbff) end--;
  const space = text.lastIndexOf(' ', end);
  if (space > end * 0.8) end = space;
  return text.slice(0, end).trimEnd();
}
