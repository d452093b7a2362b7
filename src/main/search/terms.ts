// The words a tool search indexes and looks up: names split at "_", "-", ".", "/", ":" and at
// case changes (`readFile`, `HTTPRequest`, `v2Api`), lowercased, common words dropped, and every
// word reduced to its stem (Porter, the `stemmer` package), so "files", "filing" and "file" meet.
// Pure; the same rules for what is indexed and what is asked.
import { stemmer } from 'stemmer';

/** Words that say nothing about what a tool does: dropped from text and queries alike. */
const STOP_WORDS = new Set([
  'a', 'an', 'and', 'are', 'as', 'at', 'be', 'by', 'can', 'for', 'from', 'i', 'if', 'in', 'into', 'is', 'it', 'its',
  'me', 'my', 'of', 'on', 'or', 'so', 'that', 'the', 'their', 'this', 'to', 'tool', 'tools', 'use', 'using', 'via',
  'was', 'we', 'what', 'when', 'which', 'will', 'with', 'you', 'your',
]);

const SEPARATORS = /[^\p{L}\p{N}]+/u;
// Lower → upper (readFile), an acronym's last capital before a word (HTTPRequest), letters ↔ digits.
const CASE_BREAKS = /(?<=\p{Ll})(?=\p{Lu})|(?<=\p{Lu})(?=\p{Lu}\p{Ll})|(?<=\p{L})(?=\p{N})|(?<=\p{N})(?=\p{L})/u;

/** The raw words of a name or a text: split at punctuation, "_", "-" and case changes. */
export function splitWords(text: string): string[] {
  const words: string[] = [];
  for (const part of text.split(SEPARATORS)) {
    if (part === '') continue;
    for (const word of part.split(CASE_BREAKS)) if (word !== '') words.push(word);
  }
  return words;
}

/** One word as the index holds it: lowercased and stemmed; null for a stop word. */
export function termOf(word: string): string | null {
  const lower = word.toLowerCase();
  if (STOP_WORDS.has(lower)) return null;
  // Stemming suits words, not numbers or one-letter parts.
  return lower.length > 2 && /^\p{L}+$/u.test(lower) ? stemmer(lower) : lower;
}
