// The words a tool search indexes and looks up: names split at "_", "-", ".", "/", ":" and at
// case changes (`readFile`, `HTTPRequest`, `v2Api`), lowercased, common words dropped, and every
// word reduced to its stem (Porter, the `stemmer` package), so "files", "filing" and "file" meet.
// Pure; the same rules for what is indexed and what is asked.
import { stemmer } from 'stemmer';

/** Words that say nothing about what a tool does: dropped from text and queries alike. */
const STOP_WORDS = new Set([
  'a', 'an', 'and', 'are', 'as', 'at', 'be', 'by', 'can', 'for', 'from', 'i', 'if', 'in', 'into', 'is', 'it', 'its',
  'me', 'my', 'of', 'on', 'or', 'so', 'that', 'the', 'their', 'this', 'to', 'via',
  'was', 'we', 'what', 'when', 'which', 'will', 'with', 'you', 'your',
]);

const SEPARATORS = /[^\p{L}\p{N}]+/u;
const PLAIN = /^[a-z]+$/;
// Lower → upper (readFile), an acronym's last capital before a word (HTTPRequest), letters ↔ digits.
const CASE_BREAKS = /(?<=\p{Ll})(?=\p{Lu})|(?<=\p{Lu})(?=\p{Lu}\p{Ll})|(?<=\p{L})(?=\p{N})|(?<=\p{N})(?=\p{L})/u;

/** The raw words of a name or a text: split at punctuation, "_", "-" and case changes. */
export function splitWords(text: string): string[] {
  const words: string[] = [];
  for (const part of text.split(SEPARATORS)) {
    if (part === '') continue;
    // Most words are plain lowercase: the case-change split (slow) only for the others.
    if (PLAIN.test(part)) words.push(part);
    else for (const word of part.split(CASE_BREAKS)) if (word !== '') words.push(word);
  }
  return words;
}

/**
 * The words of a text for the index and for a query: those of splitWords, and each word written
 * in one piece with case changes (`IpAccessControlList`, `nodePools`) also whole, lowercased, as
 * someone who types it in one word ("ipaccesscontrollist") would ask for it.
 */
export function wordsAndCompounds(text: string): string[] {
  const words: string[] = [];
  for (const part of text.split(SEPARATORS)) {
    if (part === '') continue;
    if (PLAIN.test(part)) {
      words.push(part);
      continue;
    }
    const pieces = part.split(CASE_BREAKS).filter((word) => word !== '');
    words.push(...pieces);
    if (pieces.length > 1) words.push(part.toLowerCase());
  }
  return words;
}

/** Terms already worked out: a tool list repeats a small vocabulary, and stemming is the slow part. */
const terms = new Map<string, string | null>();
const MAX_REMEMBERED = 200_000;

/** One word as the index holds it: lowercased and stemmed; null for a stop word. */
export function termOf(word: string): string | null {
  let term = terms.get(word);
  if (term !== undefined) return term;
  const lower = word.toLowerCase();
  // Stemming suits words, not numbers or one-letter parts.
  term = STOP_WORDS.has(lower) ? null : lower.length > 2 && /^\p{L}+$/u.test(lower) ? stemmer(lower) : lower;
  if (terms.size >= MAX_REMEMBERED) terms.clear();
  terms.set(word, term);
  return term;
}

/**
 * Words a model asks with and the words tool names are made of: CRUD verbs, and nouns that
 * APIs shorten. A query term also looks for the other terms of its groups, at a lower weight.
 */
const SYNONYM_GROUPS: readonly (readonly string[])[] = [
  ['create', 'add', 'new', 'make', 'insert'],
  ['delete', 'remove', 'erase', 'drop', 'destroy', 'forget'],
  ['update', 'edit', 'modify', 'change', 'patch', 'replace'],
  ['get', 'read', 'fetch', 'retrieve', 'open', 'view', 'load'],
  ['list', 'show', 'enumerate'],
  ['search', 'find', 'query', 'lookup'],
  ['run', 'execute', 'trigger', 'launch', 'evaluate'],
  ['send', 'post', 'publish'],
  ['write', 'save', 'store'],
  ['move', 'rename'],
  ['image', 'picture', 'screenshot', 'photo'],
  ['chart', 'graph', 'plot', 'diagram'],
  ['watch', 'monitor', 'alert', 'notify'],
  ['directory', 'folder', 'dir'],
  ['repository', 'repo'],
  ['organization', 'org'],
  ['configuration', 'config'],
  ['database', 'db'],
  ['message', 'msg'],
  ['document', 'doc'],
  ['information', 'info'],
];

const synonyms = new Map<string, Set<string>>();
for (const group of SYNONYM_GROUPS) {
  const stems = group.map((word) => termOf(word)).filter((term): term is string => term !== null);
  for (const stem of stems) {
    const others = synonyms.get(stem) ?? new Set<string>();
    for (const other of stems) if (other !== stem) others.add(other);
    synonyms.set(stem, others);
  }
}

/** The other terms a query term also looks for (its synonyms' stems); empty for most. */
export function synonymsOf(term: string): readonly string[] {
  const found = synonyms.get(term);
  return found ? [...found] : [];
}
