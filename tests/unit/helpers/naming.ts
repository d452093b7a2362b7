// Helpers shared by the naming unit tests.
import type { NameAssignment } from '../../../src/main/naming.js';

/** Reference FNV-1a (32-bit) over UTF-16 code units, written independently of the implementation. */
export function fnv1a(text: string): string {
  let hash = 2166136261;
  for (const unit of Array.from({ length: text.length }, (_, i) => text.charCodeAt(i))) {
    hash = Number((BigInt(hash ^ unit) * 16777619n) & 0xffffffffn);
    hash >>>= 0;
  }
  return hash.toString(16).padStart(8, '0');
}

/** [uuid, original, exposed] triples: compact, exact expectations. */
export function triples(assignments: readonly NameAssignment[]): Array<[string, string, string]> {
  return assignments.map((a) => [a.uuid, a.original, a.exposed]);
}

/** Cast for deliberately malformed persisted data (what a hand-edited config.json may hold). */
export function malformed(value: unknown): Readonly<Record<string, string>> {
  return value as Readonly<Record<string, string>>;
}

/** `n` letters "a": names of an exact length. */
export const repeatA = (n: number): string => 'a'.repeat(n);
