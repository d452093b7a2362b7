// The learned scorer's features, read in one pass over a text's characters with no allocation
// per word: lower-cased word unigrams and bigrams, the first word of each sentence (an order or
// "you" at the start), character 2- and 3-grams in scripts written without spaces (CJK, kana,
// Thai), and a few marks of form (a URL, a home or dot-file path, an e-mail address, a tag, a
// code fence, a template, a Markdown image, a word in capitals). Each is hashed to a bucket of
// BITS bits; sentences end at . ! ? (before a blank), a line break, or 。！？.
export const BITS = 20;
const MASK = (1 << BITS) - 1;

/** Salts of the feature families (and the constant buckets of the marks of form). */
const UNIGRAM = 0x1b873593;
const BIGRAM = 0x5bd1e995;
const START = 0x68e31da4;
const CHAR2 = 0x27d4eb2f;
const CHAR3 = 0x165667b1;
const MARK = 0x7feb352d;
export const MARKS = ['url', 'home-path', 'dot-path', 'email', 'tag', 'code-fence', 'template', 'md-image', 'capitals', 'comment'] as const;

/** What a walk reports: a feature of the current sentence, and each sentence's end. */
export interface FeatureSink {
  feature(bucket: number, at: number): void;
  sentence(start: number, end: number): void;
}

function mix(a: number, salt: number): number {
  let x = Math.imul(a ^ salt, 0x9e3779b1);
  x ^= x >>> 15;
  x = Math.imul(x, 0x2c1b3c6d);
  x ^= x >>> 12;
  return x & MASK;
}

export const mixBucket = mix;
export const markBucket = (index: number): number => mix(index + 1, MARK);

/** Letters and digits of any script (and `_`); not blanks, punctuation or symbols of the common blocks. */
function isWordChar(c: number): boolean {
  if (c < 0x80) return (c >= 97 && c <= 122) || (c >= 48 && c <= 57) || c === 95 || (c >= 65 && c <= 90);
  if (c < 0xc0) return c === 0xaa || c === 0xb5 || c === 0xba;
  return !((c >= 0x2000 && c <= 0x2bff) || (c >= 0x3000 && c <= 0x303f) || (c >= 0xfe00 && c <= 0xfe6f) || (c >= 0xff00 && c <= 0xff20) || c === 0xd7 || c === 0xf7);
}

/** Scripts written without spaces between words: read as character n-grams. */
const isUnspaced = (c: number): boolean => (c >= 0x3040 && c <= 0x30ff) || (c >= 0x3400 && c <= 0x9fff) || (c >= 0x0e00 && c <= 0x0e7f) || (c >= 0xf900 && c <= 0xfaff);

const isBlank = (c: number): boolean => c === 32 || c === 9 || c === 10 || c === 13 || c === 0xa0 || c === 0x3000;

/** Walks `text`, reporting each feature and each sentence's span to `sink`. */
export function walkFeatures(text: string, sink: FeatureSink): void {
  const lower = text.toLowerCase();
  const sameLength = lower.length === text.length;
  const length = lower.length;
  let sentenceStart = 0;
  let sentenceHasWord = false;
  let word = 0x811c9dc5;
  let wordLength = 0;
  let wordUpper = 0;
  let previousWord = 0;
  let firstWord = true;
  let char1 = -1;
  let char2 = -1;
  let here = 0;
  const emit = (bucket: number): void => sink.feature(bucket, here);
  const endWord = (): void => {
    if (wordLength === 0) return;
    const hash = word >>> 0;
    emit(mix(hash, UNIGRAM));
    if (firstWord) emit(mix(hash, START));
    else emit(mix(Math.imul(previousWord, 31) ^ hash, BIGRAM));
    if (wordUpper >= 4 && wordUpper === wordLength) emit(markBucket(8));
    previousWord = hash;
    firstWord = false;
    sentenceHasWord = true;
    word = 0x811c9dc5;
    wordLength = 0;
    wordUpper = 0;
  };
  const endSentence = (end: number): void => {
    endWord();
    // A sentence of no word (a blank line, a lone mark) joins the next one.
    if (!sentenceHasWord) return;
    sink.sentence(sentenceStart, end);
    sentenceStart = end;
    sentenceHasWord = false;
    firstWord = true;
    previousWord = 0;
    char1 = char2 = -1;
  };
  for (let index = 0; index < length; index++) {
    const c = lower.charCodeAt(index);
    here = index;
    if (isUnspaced(c)) {
      endWord();
      if (char1 >= 0) emit(mix(Math.imul(char1, 0x10001) ^ c, CHAR2));
      if (char2 >= 0) emit(mix(Math.imul(char2, 0x3fffb) ^ Math.imul(char1, 0x10001) ^ c, CHAR3));
      char2 = char1;
      char1 = c;
      sentenceHasWord = true;
      continue;
    }
    char1 = char2 = -1;
    if (isWordChar(c)) {
      // Digits are one letter: numbers vary, their being there does not.
      word = Math.imul(word ^ (c >= 48 && c <= 57 ? 48 : c), 0x01000193);
      wordLength++;
      if (sameLength) {
        const original = text.charCodeAt(index);
        if (original >= 65 && original <= 90) wordUpper++;
      }
      continue;
    }
    endWord();
    const next = index + 1 < length ? lower.charCodeAt(index + 1) : 0;
    switch (c) {
      case 46: // .
      case 33: // !
      case 63: // ?
        if (next === 0 || isBlank(next)) {
          if (c === 33 && next === 91) break;
          endSentence(index + 1);
        } else if (c === 33 && next === 91) emit(markBucket(7));
        else if (c === 46 && index > 0 && lower.charCodeAt(index - 1) === 47) emit(markBucket(2));
        break;
      case 10:
      case 0x3002:
      case 0xff01:
      case 0xff1f:
        endSentence(index + 1);
        break;
      case 58: // :
        if (next === 47 && index + 2 < length && lower.charCodeAt(index + 2) === 47) emit(markBucket(0));
        break;
      case 126: // ~
        if (next === 47) emit(markBucket(1));
        break;
      case 64: // @
        if (index > 0 && isWordChar(lower.charCodeAt(index - 1)) && isWordChar(next)) emit(markBucket(3));
        break;
      case 60: // <
        if (next === 33) emit(markBucket(9));
        else if ((next >= 97 && next <= 122) || next === 47) emit(markBucket(4));
        break;
      case 96: // `
        if (next === 96 && index + 2 < length && lower.charCodeAt(index + 2) === 96) emit(markBucket(5));
        break;
      case 123: // {
        if (next === 123) emit(markBucket(6));
        break;
    }
  }
  endSentence(length);
}
