// Traits of a text's form rather than its sentences: chat-template tokens and fake turns, tags
// and headers that set text apart for the model (a trait of every sentence inside them),
// notices ("IMPORTANT:"), HTML comments and markup that hides text when rendered. Each pattern
// runs only when the reader saw its characters.
import { C as CONCEPT, hasConcept } from '../lexicon/concepts.js';
import type { Trait, TraitName } from '../signal.js';
import { CHAT_TEMPLATE, DIRECTIVE_TAG, HIDDEN_MARKUP, HTML_COMMENT, POLICY_HIDE, POLICY_NO_REVIEW, POLICY_OPEN } from '../structure.js';
import type { Scope, View } from '../view.js';
import { CH, type Reading } from '../words.js';

// A local copy: an imported binding is read through a getter under some loaders (tsx), and the traits read it on every question.
const C = CONCEPT;

const NOTICE_TAG = /<\s*(important|instructions?|important[_-][\w-]+|notes?|warning|critical|attention|context|rules?|use_case)\b[^>]*>/;
const IMPORTANT = [C.IMPORTANT, C.NOTE];
/** What hiding markup needs among its words. */
const MARKUP_WORDS = /hidden|display|visibility|opacity|font-size|\[\/\/\]|color/;

/** "e.g. ChatML: <|im_start|>…", "fake <system> tags": a token or tag named as an example, or as what a checker looks for. */
function named(reading: Reading, at: number): boolean {
  const sentence = reading.sentences.find((candidate) => candidate.start <= at && at < candidate.end);
  if (sentence === undefined) return false;
  if (/\b(?:fake|spoofed|forged|injected|malicious)\s+(?:\S+\s+){0,1}$/.test(reading.lower.slice(Math.max(sentence.start, at - 30), at))) return true;
  return sentence.hits.some((hit) => hit.end <= at && hasConcept(hit.lo, hit.hi, C.EXAMPLE));
}

/** Pushes `name` for every sentence that overlaps [from, to). */
function span(reading: Reading, name: TraitName, from: number, to: number, into: Trait[]): void {
  const length = Math.min(to - from, 160);
  let found = false;
  for (const sentence of reading.sentences) {
    if (sentence.end <= from || sentence.start >= Math.max(to, from + 1)) continue;
    into.push({ name, sentence: sentence.index, at: from, length });
    found = true;
  }
  if (!found) into.push({ name, sentence: -1, at: from, length });
}

/** Where the element opened at `at` (its tag named `tag`) closes, or the end of its sentence. */
function closing(lower: string, at: number, tag: string | undefined): number {
  if (tag !== undefined) {
    const close = lower.indexOf(`</${tag}`, at);
    if (close !== -1) return close;
  }
  const stop = lower.slice(at).search(/[.!?](?:\s|$)|\n/);
  return stop === -1 ? lower.length : at + stop + 1;
}

export function formTraits(reading: Reading, scope: Scope, into: Trait[]): void {
  const { lower, chars } = reading;
  const every = scope.exhaustive;
  if (every || (chars & (CH.LT | CH.LBRACKET)) !== 0 || ((chars & (CH.HASH | CH.LBRACE)) !== 0 && (lower.includes('###') || lower.includes('{{')))) {
    const template = CHAT_TEMPLATE.exec(lower);
    if (template !== null && !named(reading, template.index)) span(reading, 'chat-template', template.index, template.index + template[0].length, into);
  }
  const fenced = (chars & CH.BACKTICK) !== 0 && lower.includes('```');
  if (every || (chars & (CH.LT | CH.LBRACKET)) !== 0 || fenced || ((chars & CH.HASH) !== 0 && lower.includes('##')) || ((chars & CH.NONASCII) !== 0 && lower.includes('【'))) {
    const tag = DIRECTIVE_TAG.exec(lower);
    if (tag !== null && !named(reading, tag.index)) {
      const name = /^<\s*([\w-]+)/.exec(tag[0])?.[1];
      // A fenced block runs to its closing fence.
      const fence = tag[0].startsWith('```') ? lower.indexOf('```', tag.index + 3) : -1;
      span(reading, 'directive-tag', tag.index, fence !== -1 ? fence + 3 : closing(lower, tag.index + tag[0].length, name), into);
    }
  }
  if (every || (chars & CH.LT) !== 0) {
    const notice = NOTICE_TAG.exec(lower);
    if (notice !== null) span(reading, 'notice', notice.index, closing(lower, notice.index + notice[0].length, notice[1]), into);
    for (const comment of lower.matchAll(HTML_COMMENT)) span(reading, 'html-comment', comment.index, comment.index + comment[0].length, into);
  }
  if (every || ((chars & (CH.LT | CH.LBRACKET)) !== 0 && MARKUP_WORDS.test(lower))) {
    const hidden = HIDDEN_MARKUP.exec(lower);
    if (hidden !== null) {
      const open = lower.lastIndexOf('<', hidden.index);
      const name = open !== -1 && !lower.slice(open, hidden.index).includes('>') ? /^<\s*([\w-]+)/.exec(lower.slice(open))?.[1] : undefined;
      span(reading, 'hidden-markup', hidden.index, closing(lower, hidden.index, name), into);
    }
  }
  // "IMPORTANT:", "Note:", "ВАЖНО:" at the start of a sentence.
  for (const sentence of reading.sentences) {
    const first = sentence.hits[0];
    if (first === undefined || first.at - sentence.start > 4 || !IMPORTANT.some((id) => hasConcept(first.lo, first.hi, id))) continue;
    if (/^\s*[:!：]/.test(lower.slice(first.end, first.end + 3))) into.push({ name: 'notice', sentence: sentence.index, at: first.at, length: 60 });
  }
}

/**
 * Settings that switch the user's say off, hide from them, or open everything, each with the words
 * one of its keys must hold: the pattern (a key of any word characters before them) runs only where
 * one is, most sentences with an underscore and a colon being ordinary schemas.
 */
export const POLICIES = [
  { pattern: POLICY_NO_REVIEW, name: 'bypass', needs: ['confirm', 'approv', 'review', 'ask_', 'accept', 'yolo', 'dangerously'] },
  { pattern: POLICY_HIDE, name: 'conceal-weak', needs: ['disclos', 'show_', '_user', 'user_'] },
  { pattern: POLICY_OPEN, name: 'trust-output', needs: ['trust', 'allow'] },
] as const;

/** Settings that switch the user's say off, hide from them, or open everything, in a policy object (JSON, YAML). */
export function policyTraits(v: View, into: Trait[]): void {
  const text = v.text();
  for (const { pattern, name, needs } of POLICIES) {
    if (!holdsAny(text, needs) && !v.scope.exhaustive) continue;
    const flag = pattern.exec(text);
    if (flag !== null && !v.quoted(v.sentence.start + flag.index) && !v.example(v.sentence.start + flag.index)) v.trait(name, v.sentence.start + flag.index, flag[0].length, into);
  }
}

/** Whether `text` holds one of `words`. */
export function holdsAny(text: string, words: readonly string[]): boolean {
  for (const word of words) if (text.includes(word)) return true;
  return false;
}
