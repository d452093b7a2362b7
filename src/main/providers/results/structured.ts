// A tool's structured content reaches the model once: where a text block repeats it (the MCP
// spec asks servers to send the JSON as text too, for older clients) the text block is replaced
// by the structured content, where no block does it is added after the content, and a result
// with nothing else is its structured content. Pure.
import { isRecord } from '../../../types/json.js';
import type { ContentChange } from '../../../types/providers.js';
import type { ContentPart, SourceContent } from '../content/index.js';

/** Equal JSON values (objects by keys, not key order). */
function sameJson(a: unknown, b: unknown, depth = 0): boolean {
  if (a === b) return true;
  if (depth > 64 || typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) return a.length === (b as unknown[]).length && a.every((item, i) => sameJson(item, (b as unknown[])[i], depth + 1));
  const keysA = Object.keys(a);
  const keysB = Object.keys(b);
  return keysA.length === keysB.length && keysA.every((key) => Object.hasOwn(b, key) && sameJson((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key], depth + 1));
}

/** The part is a text block whose JSON is `value`. */
function repeats(part: ContentPart, value: Record<string, unknown>): boolean {
  if (part.type !== 'text' || part.note || part.block === null) return false;
  const text = part.text.trim();
  if (!text.startsWith('{')) return false;
  try {
    return sameJson(JSON.parse(text), value);
  } catch {
    return false;
  }
}

/** `source` with `structured` (a result's `structuredContent`) in it once. */
export function withStructuredContent(source: SourceContent, structured: unknown): SourceContent {
  if (!isRecord(structured)) return source;
  const changes: ContentChange[] = [...source.changes];
  const parts: ContentPart[] = [];
  let placed = false;
  const repeated: number[] = [];
  for (const part of source.parts) {
    if (!repeats(part, structured)) {
      parts.push(part);
      continue;
    }
    repeated.push((part.block ?? 0) + 1);
    if (!placed) parts.push({ type: 'json', value: structured, block: null });
    placed = true;
  }
  if (placed) {
    const blocks = repeated.length === 1 ? `content ${repeated[0]} repeats` : `contents ${repeated.join(', ')} repeat`;
    changes.push({ kind: 'structured', block: null, message: `The structured content is sent once: ${blocks} it as text.` });
  } else {
    parts.push({ type: 'json', value: structured, block: null });
    const message = source.parts.length === 0
      ? 'The structured content is sent as JSON: the result has no other content for the model.'
      : 'The structured content is sent as JSON after the content: no content block repeats it.';
    changes.push({ kind: 'structured', block: null, message });
  }
  return { parts, changes };
}
