// The yardstick of the tool-search bench: plain BM25 (k1 = 1.2, b = 0.75, the textbook values)
// over each tool's name and description as one text, words split at anything but letters and
// digits and lowercased; no stems, no field weights, no argument names. What a search "over names
// and descriptions" gives without the finder's choices.
export interface Bm25Document {
  id: string;
  text: string;
}

const K1 = 1.2;
const B = 0.75;

function words(text: string): string[] {
  return text.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter((word) => word !== '');
}

export class Bm25 {
  #postings = new Map<string, Map<string, number>>();
  #lengths = new Map<string, number>();
  #averageLength = 0;

  constructor(documents: readonly Bm25Document[]) {
    let total = 0;
    for (const document of documents) {
      const terms = words(document.text);
      this.#lengths.set(document.id, terms.length);
      total += terms.length;
      for (const term of terms) {
        let posting = this.#postings.get(term);
        if (!posting) this.#postings.set(term, (posting = new Map()));
        posting.set(document.id, (posting.get(document.id) ?? 0) + 1);
      }
    }
    this.#averageLength = documents.length === 0 ? 0 : total / documents.length;
  }

  /** Ids of the best `limit` documents for `query`, best first. */
  search(query: string, limit: number): string[] {
    const count = this.#lengths.size;
    const scores = new Map<string, number>();
    for (const term of new Set(words(query))) {
      const posting = this.#postings.get(term);
      if (!posting) continue;
      const idf = Math.log(1 + (count - posting.size + 0.5) / (posting.size + 0.5));
      for (const [id, frequency] of posting) {
        const length = this.#lengths.get(id)!;
        const score = (idf * frequency * (K1 + 1)) / (frequency + K1 * (1 - B + (B * length) / this.#averageLength));
        scores.set(id, (scores.get(id) ?? 0) + score);
      }
    }
    return [...scores].sort((a, b) => b[1] - a[1]).slice(0, limit).map(([id]) => id);
  }
}
