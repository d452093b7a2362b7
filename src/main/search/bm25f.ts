// BM25F (Robertson, Zaragoza and Taylor, "Simple BM25 extension to multiple weighted fields",
// 2004): a document's fields are one bag of words in which a word of a heavier field counts more,
// and a word's weight saturates once, over all fields together. A word of the name and the same
// word of the description are one piece of evidence, not two, so a tool whose name shares one
// query word no longer outranks the tool whose description holds every query word.
// Per field f, for a term t of document d:
//   tf'(t, d) = Σ_f weight_f · tf_f(t, d) / (1 − b_f + b_f · length_f(d) / averageLength_f)
//   score(d) = Σ_t queryWeight_t · idf(t) · tf'(t, d) / (k1 + tf'(t, d))
//   idf(t) = ln(1 + (N − n_t + 0.5) / (n_t + 0.5)), n_t the documents holding t in any field.
// Coordination (Lucene's classic coord(q, d), weighed by idf): a document's score is multiplied by
// the share of the query's words it holds, each word counted by its idf. Without it a document that
// holds one rare query word many times, early and in a short text, outranks the one that holds every
// word of the query further down a long description (plain BM25 adds the words, and one saturated
// word is worth its whole idf).
//   coordination(d) = Σ_{w matched in d} idf(w) / Σ_{w of the query} idf(w)
// Documents come and go one at a time (the index follows the offered tools). Pure; no I/O.

export interface FieldSpec {
  weight: number;
  /** Length normalisation, 0 (none) to 1 (full). */
  b: number;
}

export interface QueryTerm {
  term: string;
  /** A multiplier of the term's score (a synonym counts less than the word asked for). */
  weight: number;
  /** The fields the term is looked up in (indexes into the field specs); every field when unset. */
  fields?: readonly number[];
  /**
   * The query word the term stands for (0–31): the word's stem, the word as written and its
   * synonyms share one, and a document matching any of them holds the word. Terms with a word
   * make the score coordinated (see above); a word counts by the idf of its term of weight 1.
   */
  word?: number;
}

/** Query words a coordinated query can tell apart (one bit each). */
export const MAX_WORDS = 32;

interface Doc {
  id: string;
  lengths: Float64Array;
  terms: string[];
}

/** Counts per field packed in one number, 4 bits each (a count saturates at 15: tf' saturates far sooner). */
const BITS = 4;
const MAX_COUNT = (1 << BITS) - 1;
export const MAX_FIELDS = 7;

/** A term's postings scored for the current documents: slots and their tf', computed once per change. */
interface Scored {
  slots: Int32Array;
  tf: Float64Array;
}

export class Bm25fIndex {
  readonly #fields: readonly FieldSpec[];
  readonly #k1: number;
  /** term → document slot → counts per field (packed). */
  #postings = new Map<string, Map<number, number>>();
  #docs: Array<Doc | undefined> = [];
  #slots = new Map<string, number>();
  #free: number[] = [];
  #totalLengths: Float64Array;
  /** tf' of the terms asked for since the last change, by term and fields looked up. */
  #scored = new Map<string, Scored>();

  constructor(fields: readonly FieldSpec[], k1 = 1.2) {
    if (fields.length > MAX_FIELDS) throw new Error(`BM25F: at most ${MAX_FIELDS} fields`);
    this.#fields = fields;
    this.#k1 = k1;
    this.#totalLengths = new Float64Array(fields.length);
  }

  get size(): number {
    return this.#slots.size;
  }

  /** Adds a document: its terms per field, in the order of the field specs. */
  add(id: string, fields: readonly (readonly string[])[]): void {
    if (this.#slots.has(id)) this.remove(id);
    this.#scored.clear();
    const slot = this.#free.pop() ?? this.#docs.length;
    const lengths = new Float64Array(this.#fields.length);
    const terms: string[] = [];
    const all = this.#postings;
    for (let field = 0; field < fields.length; field++) {
      const words = fields[field]!;
      lengths[field] = words.length;
      this.#totalLengths[field] = this.#totalLengths[field]! + words.length;
      const shift = field * BITS;
      const one = 1 << shift;
      for (const term of words) {
        let postings = all.get(term);
        if (postings === undefined) {
          postings = new Map<number, number>();
          all.set(term, postings);
        }
        const packed = postings.get(slot);
        if (packed === undefined) {
          postings.set(slot, one);
          terms.push(term);
        } else if (((packed >>> shift) & MAX_COUNT) < MAX_COUNT) {
          postings.set(slot, packed + one);
        }
      }
    }
    this.#docs[slot] = { id, lengths, terms };
    this.#slots.set(id, slot);
  }

  remove(id: string): void {
    const slot = this.#slots.get(id);
    if (slot === undefined) return;
    this.#scored.clear();
    const doc = this.#docs[slot]!;
    for (const term of doc.terms) {
      const postings = this.#postings.get(term)!;
      postings.delete(slot);
      if (postings.size === 0) this.#postings.delete(term);
    }
    doc.lengths.forEach((length, field) => (this.#totalLengths[field]! -= length));
    this.#docs[slot] = undefined;
    this.#slots.delete(id);
    this.#free.push(slot);
  }

  /**
   * Scores of the documents that hold a query term, by id; `accept` filters by id. Coordinated
   * when the query's terms carry their `word`.
   */
  score(query: readonly QueryTerm[], accept?: (id: string) => boolean): Map<string, number> {
    const count = this.#slots.size;
    const byId = new Map<string, number>();
    if (count === 0) return byId;
    const scores = new Float64Array(this.#docs.length);
    /** Per document, the query words it holds (bit w for word w). */
    const held = new Uint32Array(this.#docs.length);
    /** Per query word, its idf (0: not in the index, so no document is missing it). */
    const wordIdf = new Float64Array(MAX_WORDS);
    let coordinated = false;
    const touched: number[] = [];
    for (const { term, weight, fields, word } of query) {
      const postings = this.#postings.get(term);
      if (!postings) continue;
      const idf = Math.log(1 + (count - postings.size + 0.5) / (postings.size + 0.5));
      const bit = word === undefined || word < 0 || word >= MAX_WORDS ? 0 : 1 << word;
      if (bit !== 0 && weight === 1) wordIdf[word!] = idf;
      coordinated ||= bit !== 0;
      const { slots, tf } = this.#scoredTerm(term, postings, fields);
      const k1 = this.#k1;
      for (let i = 0; i < slots.length; i++) {
        const t = tf[i]!;
        if (t === 0) continue;
        const slot = slots[i]!;
        if (scores[slot] === 0) touched.push(slot);
        scores[slot]! += (weight * idf * t) / (k1 + t);
        held[slot]! |= bit;
      }
    }
    const total = wordIdf.reduce((sum, idf) => sum + idf, 0);
    for (const slot of touched) {
      const id = this.#docs[slot]!.id;
      if (accept !== undefined && !accept(id)) continue;
      byId.set(id, coordinated && total > 0 ? scores[slot]! * heldShare(held[slot]!, wordIdf, total) : scores[slot]!);
    }
    return byId;
  }

  /** A term's tf' in each document holding it, over `fields` (all when unset); kept until the next change. */
  #scoredTerm(term: string, postings: ReadonlyMap<number, number>, fields: readonly number[] | undefined): Scored {
    const key = fields === undefined ? term : `${fields.join(',')}:${term}`;
    const kept = this.#scored.get(key);
    if (kept) return kept;
    const count = this.#slots.size;
    const looked = this.#fields.map((spec, field) => {
      const average = Math.max(this.#totalLengths[field]! / count, 1e-9);
      return fields === undefined || fields.includes(field) ? { weight: spec.weight, b: spec.b, average } : null;
    });
    const slots = new Int32Array(postings.size);
    const tf = new Float64Array(postings.size);
    let i = 0;
    for (const [slot, packed] of postings) {
      const lengths = this.#docs[slot]!.lengths;
      let sum = 0;
      for (let field = 0; field < looked.length; field++) {
        const n = (packed >>> (field * BITS)) & MAX_COUNT;
        const spec = looked[field];
        if (n === 0 || !spec) continue;
        sum += (spec.weight * n) / (1 - spec.b + (spec.b * lengths[field]!) / spec.average);
      }
      slots[i] = slot;
      tf[i++] = sum;
    }
    const scored = { slots, tf };
    this.#scored.set(key, scored);
    return scored;
  }
}

/** The share of the query words' idf that a document holds (`held`: bit w for word w). */
function heldShare(held: number, wordIdf: Float64Array, total: number): number {
  let sum = 0;
  for (let word = 0; held !== 0; word++, held >>>= 1) if (held & 1) sum += wordIdf[word]!;
  return sum / total;
}
