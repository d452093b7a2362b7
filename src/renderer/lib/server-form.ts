// Fields of the server form ↔ ServerSettings. Pure functions, so the rules for args, env and
// headers are the same on every screen and easy to test.
import type { EnteredValue, McpServer, ServerSettingsInput, ServerType, StoredValue } from '../../types/config.js';
import { checkServerSettings } from '../../types/config.js';
import type { SecretFieldKind, SecretRef } from '../../types/secrets.js';
import { isSecretByRule } from '../../types/secrets.js';
import { messageOf } from '../../types/errors.js';
import { setOwn } from '../../types/json.js';

/** One env variable or header of the form. */
export interface PairDraft {
  key: string;
  /** As typed; unused while `saved`. */
  value: string;
  /** The user's secret toggle; the rule (isSecretByRule) makes a value secret whatever it says. */
  secret: boolean;
  /** The saved secret this row keeps: the form shows "saved" instead of a value, until Replace. */
  saved?: SecretRef;
}

export interface ServerDraft {
  label: string;
  type: ServerType;
  command: string;
  args: string;
  env: PairDraft[];
  cwd: string;
  url: string;
  headers: PairDraft[];
  /** Seconds, as typed; empty means the default. */
  timeout: string;
  /** Seconds a tool call may go without an answer or progress, as typed; empty means the default. */
  callTimeout: string;
  /** Minutes a tool call may run at most, progress or not, as typed; empty means the default. */
  maxCall: string;
  /** Characters of one tool result's text a model gets, as typed; empty means the default. */
  maxResultChars: string;
  /** http, sse: a typed-in OAuth client ID (for servers without dynamic registration). */
  oauthClientId: string;
  /** A new client secret to save, as typed; empty keeps (or, with `removeClientSecret`, drops) the saved one. */
  oauthClientSecret: string;
  removeClientSecret: boolean;
  /** Folders the server may use (roots): absolute paths, in the order added. */
  roots: string[];
}

export type DraftField = keyof ServerDraft;
/** Each field's name as the form shows it, for messages that name a field. */
export const FIELD_NAMES: Record<DraftField, string> = {
  label: 'Name',
  type: 'Transport',
  command: 'Command',
  args: 'Arguments',
  env: 'Environment',
  cwd: 'Working folder',
  url: 'URL',
  headers: 'Headers',
  timeout: 'Connect timeout',
  callTimeout: 'Call timeout',
  maxCall: 'Longest call',
  maxResultChars: 'Result text limit',
  oauthClientId: 'OAuth client ID',
  oauthClientSecret: 'OAuth client secret',
  removeClientSecret: 'OAuth client secret',
  roots: 'Folders',
};
export type FieldErrors = Partial<Record<DraftField, string>>;

export function emptyDraft(): ServerDraft {
  return { label: '', type: 'stdio', command: '', args: '', env: [], cwd: '', url: '', headers: [], timeout: '', callTimeout: '', maxCall: '', maxResultChars: '', oauthClientId: '', oauthClientSecret: '', removeClientSecret: false, roots: [] };
}

export function emptyPair(): PairDraft {
  return { key: '', value: '', secret: false };
}

/**
 * Splits one line like a POSIX shell would for words: whitespace separates, '…' is literal,
 * "…" allows \" and \\, a backslash outside quotes escapes the next character. No expansion:
 * nothing here runs a shell, this only saves the user from typing one argument per line.
 */
export function splitShellWords(line: string): string[] {
  const words: string[] = [];
  let word = '';
  let inWord = false;
  let quote: '"' | "'" | null = null;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i]!;
    if (quote === "'") {
      if (ch === "'") quote = null;
      else word += ch;
    } else if (quote === '"') {
      if (ch === '"') quote = null;
      else if (ch === '\\' && (line[i + 1] === '"' || line[i + 1] === '\\')) word += line[++i];
      else word += ch;
    } else if (ch === "'" || ch === '"') {
      quote = ch;
      inWord = true;
    } else if (ch === '\\' && i + 1 < line.length) {
      word += line[++i];
      inWord = true;
    } else if (/\s/.test(ch)) {
      if (inWord) words.push(word);
      word = '';
      inWord = false;
    } else {
      word += ch;
      inWord = true;
    }
  }
  if (quote) throw new Error(`Arguments: a ${quote === '"' ? 'double' : 'single'} quote is not closed.`);
  if (inWord) words.push(word);
  return words;
}

/** Several lines: one argument per line (trimmed, blank lines skipped). One line: shell-like words. */
export function parseArgs(text: string): string[] {
  const lines = text.split(/\r?\n/).map((line) => line.trim()).filter((line) => line !== '');
  if (lines.length === 0) return [];
  if (lines.length === 1) return splitShellWords(lines[0]!);
  return lines;
}

function quoteIfNeeded(arg: string): string {
  return arg === '' || /[\s'"\\]/.test(arg) ? `'${arg.replace(/'/g, `'\\''`)}'` : arg;
}

/** The inverse of parseArgs: one per line; a lone argument is quoted so it is not split again. */
export function formatArgs(args: readonly string[] | undefined): string {
  if (!args || args.length === 0) return '';
  if (args.length === 1) return quoteIfNeeded(args[0]!);
  return args.join('\n');
}

/** Whether a row's value is kept secret: the rule for its name, or the user's toggle. */
export function isSecretPair(field: SecretFieldKind, pair: PairDraft): boolean {
  return pair.saved !== undefined || pair.secret || isSecretByRule(field, pair.key.trim());
}

/** Rows of a saved map: a reference shows as "saved", never as a value (the renderer has none). */
export function pairsOf(map: Readonly<Record<string, StoredValue>> | undefined): PairDraft[] {
  return Object.entries(map ?? {}).map(([key, value]) =>
    typeof value === 'string' ? { key, value, secret: false } : { key, value: '', secret: true, saved: { secret: value.secret } },
  );
}

/**
 * The rows as settings values: a saved secret as its reference (main keeps it), a secret value
 * as a new secret, anything else as text. Blank rows are skipped; a value without a name, or a
 * name given twice, is refused.
 */
export function valuesOf(field: SecretFieldKind, pairs: readonly PairDraft[]): Record<string, EnteredValue> {
  const what = field === 'env' ? 'Environment' : 'Headers';
  const values: Record<string, EnteredValue> = {};
  pairs.forEach((pair, index) => {
    const key = pair.key.trim();
    const value = field === 'headers' ? pair.value.trim() : pair.value;
    if (key === '' && value === '' && !pair.saved) return;
    if (key === '') throw new Error(`${what}, row ${index + 1}: a value needs a name.`);
    if (Object.hasOwn(values, key)) throw new Error(`${what}: "${key}" is given twice.`);
    const entered: EnteredValue = pair.saved ? { secret: pair.saved.secret } : isSecretPair(field, pair) ? { secretValue: value } : value;
    setOwn(values, key, entered);
  });
  return values;
}

export function draftOf(server: McpServer): ServerDraft {
  return {
    label: server.label,
    type: server.type,
    command: server.command ?? '',
    args: formatArgs(server.args),
    env: pairsOf(server.env),
    cwd: server.cwd ?? '',
    url: server.url ?? '',
    headers: pairsOf(server.headers),
    timeout: server.connectTimeoutMs ? String(server.connectTimeoutMs / 1000) : '',
    callTimeout: server.callTimeoutMs ? String(server.callTimeoutMs / 1000) : '',
    maxCall: server.maxCallMs ? String(server.maxCallMs / 60_000) : '',
    maxResultChars: server.maxResultChars ? String(server.maxResultChars) : '',
    oauthClientId: server.oauthClientId ?? '',
    oauthClientSecret: '',
    removeClientSecret: false,
    roots: [...(server.roots ?? [])],
  };
}

/** What to do with the saved client secret after the settings are saved: set, remove, or keep. */
export function clientSecretChange(draft: ServerDraft): string | null | undefined {
  if (draft.type === 'stdio') return undefined;
  if (draft.oauthClientSecret !== '') return draft.oauthClientSecret;
  return draft.removeClientSecret || draft.oauthClientId.trim() === '' ? null : undefined;
}

/** The draft field a settings key is entered in. */
function draftFieldOf(key: string | undefined): DraftField | undefined {
  if (key === 'connectTimeoutMs') return 'timeout';
  if (key === 'callTimeoutMs') return 'callTimeout';
  if (key === 'maxCallMs') return 'maxCall';
  return key !== undefined && Object.hasOwn(FIELD_NAMES, key) ? (key as DraftField) : undefined;
}

/** Seconds (or another `unit`) as typed → milliseconds, or a message when it is not a number within the bounds. */
function seconds(text: string, min: number, max: number, unit: { name: string; ms: number } = { name: 'seconds', ms: 1000 }): number | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  const value = Number(trimmed);
  // The form's unit; the schema's bounds are checked afterwards, in milliseconds.
  if (!Number.isFinite(value) || value < min || value > max) throw new Error(`Give a number of ${unit.name} between ${min} and ${max}.`);
  return Math.round(value * unit.ms);
}

/** A number of characters as typed (spaces, commas and underscores between digits allowed), or a message. */
function characters(text: string, min: number, max: number): number | undefined {
  const trimmed = text.trim().replace(/[\s,_]/g, '');
  if (trimmed === '') return undefined;
  const value = Number(trimmed);
  if (!Number.isInteger(value) || value < min || value > max) throw new Error(`Give a whole number of characters between ${min.toLocaleString('en-US')} and ${max.toLocaleString('en-US')}.`);
  return value;
}

/**
 * The settings to send, or every problem found, per field: the text parsing is the form's own;
 * what makes settings usable is checkServerSettings, the check the manager and the Claude
 * import apply.
 */
export function checkDraft(draft: ServerDraft, state: 'enabled' | 'disabled'): { settings: ServerSettingsInput } | { errors: FieldErrors } {
  const errors: FieldErrors = {};
  const read = <T>(field: DraftField, parse: () => T): T | undefined => {
    try {
      return parse();
    } catch (error) {
      errors[field] = messageOf(error);
      return undefined;
    }
  };
  const settings: ServerSettingsInput = { label: draft.label.trim(), state, type: draft.type };
  const connect = read('timeout', () => seconds(draft.timeout, 0.1, 600));
  if (connect !== undefined) settings.connectTimeoutMs = connect;
  const call = read('callTimeout', () => seconds(draft.callTimeout, 1, 3600));
  if (call !== undefined) settings.callTimeoutMs = call;
  const maxCall = read('maxCall', () => seconds(draft.maxCall, 0.1, 1440, { name: 'minutes', ms: 60_000 }));
  if (maxCall !== undefined) settings.maxCallMs = maxCall;
  const maxResultChars = read('maxResultChars', () => characters(draft.maxResultChars, 1_000, 10_000_000));
  if (maxResultChars !== undefined) settings.maxResultChars = maxResultChars;
  if (draft.roots.length > 0) settings.roots = [...draft.roots];
  if (draft.type === 'stdio') {
    settings.command = draft.command.trim();
    settings.args = read('args', () => parseArgs(draft.args)) ?? [];
    const env = read('env', () => valuesOf('env', draft.env)) ?? {};
    if (Object.keys(env).length > 0) settings.env = env;
    if (draft.cwd.trim()) settings.cwd = draft.cwd.trim();
  } else {
    settings.url = draft.url.trim();
    const headers = read('headers', () => valuesOf('headers', draft.headers)) ?? {};
    if (Object.keys(headers).length > 0) settings.headers = headers;
    if (draft.oauthClientId.trim()) settings.oauthClientId = draft.oauthClientId.trim();
    else if (draft.oauthClientSecret !== '') errors.oauthClientSecret = 'Enter the client ID it belongs to.';
  }
  const checked = checkServerSettings(settings);
  if ('issues' in checked) {
    for (const issue of checked.issues) {
      const field = draftFieldOf(issue.field) ?? 'label';
      errors[field] ??= issue.message;
    }
  }
  return Object.keys(errors).length > 0 ? { errors } : { settings };
}
