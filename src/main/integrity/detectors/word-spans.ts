// The reader's words as shadowing reads them (words.ts `WordSink`, shadowing.ts `otherToolMentions`):
// each word's span and hash, recorded as the reader walks, in one buffer reused from text to text.
import { kindsOf, nameBits, type OtherServers, type ReadWords } from './shadowing.js';

/**
 * Each word as start, end (-end - 1 unless all [a-z0-9_]), hash. Readied for a context
 * (`forNames`), it leaves out a word of [a-z0-9_] alone between characters no name holds whose
 * hash is no name's: `otherToolMentions` would pass over it.
 */
export class WordSpans implements ReadWords {
  data = new Int32Array(3 * 1024);
  length = 0;
  /** The hash bits of the names looked for, or null to keep every word. */
  private kinds: Uint32Array | null = null;
  private text = '';

  clear(lower: string): void {
    this.length = 0;
    this.text = lower;
    // A huge text's buffer is not kept for the small ones after it.
    if (this.data.length > 3 * 65536) this.data = new Int32Array(3 * 1024);
  }

  push(start: number, end: number, hash: number): void {
    if (end >= 0 && this.kinds !== null && kindsOf(this.kinds, hash) === 0) {
      // The reader's word is bounded by characters that are not [a-z0-9_] (its text is lower case): only '.' and '-' carry a name on.
      const text = this.text;
      const before = start === 0 ? 0 : text.charCodeAt(start - 1);
      const after = end === text.length ? 0 : text.charCodeAt(end);
      if (before !== 0x2e && before !== 0x2d && after !== 0x2e && after !== 0x2d) return;
    }
    if (this.length + 3 > this.data.length) {
      const grown = new Int32Array(this.data.length * 2);
      grown.set(this.data);
      this.data = grown;
    }
    this.data[this.length++] = start;
    this.data[this.length++] = end;
    this.data[this.length++] = hash;
  }

  /** Readies the spans for a reading whose words are looked up in `context`'s names. */
  forNames(context: OtherServers): this {
    this.kinds = nameBits(context);
    return this;
  }
}
