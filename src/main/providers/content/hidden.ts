// Hidden characters never reach a model from content (a tool result's, a prompt message's, a
// resource's): every text part, the structured content's strings and keys, and a document's name
// are stripped of them by the content rule (integrity/hidden-characters.ts
// `contentWithoutHidden`: what ordinary writing needs, such as a joiner inside an emoji or a ZWNJ
// in Persian, stays), and the report says what was removed from which block. Pure.
import { setOwn } from '../../../types/json.js';
import type { ContentChange } from '../../../types/providers.js';
import { contentWithoutHidden, describeHidden, hasHidden } from '../../integrity/hidden-characters.js';
import type { ContentPart } from './parts.js';

/** Nesting of structured content below this is left as it is (JSON.stringify would refuse it first). */
const MAX_DEPTH = 256;

/** `parts` without hidden characters, each block's removal said in `changes`. The same array when none holds any. */
export function withoutHidden(parts: ContentPart[], changes: ContentChange[]): ContentPart[] {
  let out: ContentPart[] | null = null;
  // Made on the first removal: most content holds nothing hidden.
  let removedBy: Map<number | null, string[]> | null = null;
  const removedFrom = (block: number | null): string[] => {
    removedBy ??= new Map();
    let list = removedBy.get(block);
    if (list === undefined) removedBy.set(block, (list = []));
    return list;
  };
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i]!;
    const next = partWithout(part, removedFrom);
    if (next !== part && out === null) out = parts.slice(0, i);
    if (out !== null && next !== null) out.push(next);
  }
  if (removedBy === null) return parts;
  for (const [block, removed] of removedBy as Map<number | null, string[]>) {
    if (removed.length === 0) continue;
    const where = block === null ? 'Text added to the result (its structured content or a note)' : `Content ${block + 1}`;
    changes.push({ kind: 'hidden', block, message: `${where}: ${describeHidden(removed)} removed. Screens do not show them and a model would read them; the model gets the text without them.` });
  }
  return out ?? parts;
}

/** The part without hidden characters: the same part when it holds none, null when nothing is left of its text. */
function partWithout(part: ContentPart, removedFrom: (block: number | null) => string[]): ContentPart | null {
  switch (part.type) {
    case 'text': {
      if (!hasHidden(part.text)) return part;
      const { text, removed } = contentWithoutHidden(part.text);
      if (removed.length === 0) return part;
      removedFrom(part.block).push(...removed);
      return text.trim() === '' && part.note !== true ? null : { ...part, text };
    }
    case 'json': {
      const removed: string[] = [];
      const value = jsonWithout(part.value, removed, 0);
      if (removed.length === 0) return part;
      removedFrom(null).push(...removed);
      return { ...part, value: value as Record<string, unknown> };
    }
    case 'document': {
      if (!hasHidden(part.name)) return part;
      const { text, removed } = contentWithoutHidden(part.name);
      removedFrom(part.block).push(...removed);
      return { ...part, name: text.trim() === '' ? 'document' : text };
    }
    default:
      return part;
  }
}

/** `value` (structured content) with its strings and keys stripped; the same value when none holds any. */
function jsonWithout(value: unknown, removed: string[], depth: number): unknown {
  if (typeof value === 'string') {
    if (!hasHidden(value)) return value;
    const clean = contentWithoutHidden(value);
    if (clean.removed.length === 0) return value;
    removed.push(...clean.removed);
    return clean.text;
  }
  if (typeof value !== 'object' || value === null || depth > MAX_DEPTH) return value;
  if (Array.isArray(value)) {
    let out: unknown[] | null = null;
    for (let i = 0; i < value.length; i++) {
      const next = jsonWithout(value[i], removed, depth + 1);
      if (next !== value[i] && out === null) out = value.slice(0, i);
      if (out !== null) out.push(next);
    }
    return out ?? value;
  }
  let out: Record<string, unknown> | null = null;
  const keys = Object.keys(value);
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i]!;
    const item = (value as Record<string, unknown>)[key];
    const name = hasHidden(key) ? (jsonWithout(key, removed, depth) as string) : key;
    const next = jsonWithout(item, removed, depth + 1);
    if ((next !== item || name !== key) && out === null) {
      out = {};
      for (const earlier of keys.slice(0, i)) setOwn(out, earlier, (value as Record<string, unknown>)[earlier]);
    }
    // A key that becomes one the object has already keeps the first value.
    if (out !== null && !Object.hasOwn(out, name)) setOwn(out, name, next);
  }
  return out ?? value;
}
