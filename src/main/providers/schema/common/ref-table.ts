// The table of local references one adaptation meets: what `#`, `#/$defs/X`, `#/definitions/X`
// or any `#/…` JSON pointer points to, the definitions kept for providers that resolve references
// themselves (normalized once each), and the expansions of each reference along the current path
// while inlining (a recursive one is cut after MAX_REF_DEPTH). It knows nothing of the passes: the
// normalizing function and the change log are handed in.
import { isRecord, jsonText, type Schema } from './json.js';

/** A recursive $ref is inlined this many times along one path, then cut. */
export const MAX_REF_DEPTH = 4;

/** What the table records about its work (an adaptation's context). */
export interface RefChanges {
  readonly changes: readonly string[];
  note(change: string, lossy?: boolean): void;
  unnote(change: string): void;
}

/** The normalizing pass, as the table calls it for a definition or an inlined target. */
export type Normalize<C> = (input: unknown, ctx: C, depth: number) => Schema | boolean;

const DEFINITION = /^#\/(\$defs|definitions)\/([^/]+)$/;

export class RefTable {
  /** Definitions as the provider gets them (keepRefs): output name → normalized schema. */
  readonly defs = new Map<string, Schema | boolean>();
  /** Source definition (`$defs/X`, `definitions/X`) → output name. */
  readonly #names = new Map<string, string>();
  /** Expansions of each reference on the current path (inlining). */
  readonly #stack = new Map<string, number>();

  constructor(readonly root: Schema) {}

  /** The raw schema a local reference points to, or undefined. */
  target(ref: string): unknown {
    if (ref === '#') return this.root;
    if (!ref.startsWith('#/')) return undefined;
    let node: unknown = this.root;
    for (const raw of ref.slice(2).split('/')) {
      let segment: string;
      try {
        segment = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
      } catch {
        return undefined;
      }
      if (Array.isArray(node) && /^(0|[1-9][0-9]*)$/.test(segment)) node = node[Number(segment)];
      else if (isRecord(node) && Object.hasOwn(node, segment)) node = node[segment];
      else return undefined;
    }
    return node;
  }

  /** Defined names in the input's `$defs` and `definitions`, for the "unused" note. */
  definedCount(): number {
    const count = (value: unknown): number => (isRecord(value) ? Object.keys(value).length : 0);
    return count(this.root.$defs) + count(this.root.definitions);
  }

  /** keepRefs: the output name for `#/$defs/X` or `#/definitions/X`, normalizing it on first use. */
  keep<C>(ref: string, ctx: C, normalize: Normalize<C>): string | undefined {
    const match = DEFINITION.exec(ref);
    if (!match) return undefined;
    const existing = this.#names.get(ref);
    if (existing !== undefined) return existing;
    const target = this.target(ref);
    if (target === undefined) return undefined;
    let name = decodeSegment(match[2]!);
    if ([...this.#names.values()].includes(name)) name = `${name}_${this.#names.size}`;
    this.#names.set(ref, name);
    this.defs.set(name, true); // placeholder while a recursive definition refers to itself
    this.defs.set(name, normalize(target, ctx, 1));
    return name;
  }

  /** Inlines `ref` (normalized), or returns a cut schema once it recurses too deep. */
  inline<C extends RefChanges>(ref: string, ctx: C, depth: number, normalize: Normalize<C>): Schema | boolean | undefined {
    const target = this.target(ref);
    if (target === undefined) return undefined;
    const seen = this.#stack.get(ref) ?? 0;
    if (seen >= MAX_REF_DEPTH) {
      ctx.unnote(`inlined $ref "${shortRef(ref)}"`);
      ctx.note(`inlined $ref "${shortRef(ref)}" (recursion cut at depth ${MAX_REF_DEPTH})`, true);
      return { description: `Nested "${shortRef(ref)}" deeper than ${MAX_REF_DEPTH} levels: any value.` };
    }
    if (!ctx.changes.includes(`inlined $ref "${shortRef(ref)}" (recursion cut at depth ${MAX_REF_DEPTH})`)) ctx.note(`inlined $ref "${shortRef(ref)}"`);
    this.#stack.set(ref, seen + 1);
    try {
      return normalize(target, ctx, depth + 1);
    } finally {
      this.#stack.set(ref, seen);
    }
  }
}

/** A reference as a change note or description quotes it. */
export function shortRef(ref: string): string {
  return jsonText(ref, 80).replace(/^"|"$/g, '');
}

/** A JSON-pointer segment decoded (percent-encoding, then `~1` and `~0`). */
export function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment).replace(/~1/g, '/').replace(/~0/g, '~');
  } catch {
    return segment;
  }
}

export function encodeSegment(name: string): string {
  return encodeURIComponent(name.replace(/~/g, '~0').replace(/\//g, '~1'));
}
