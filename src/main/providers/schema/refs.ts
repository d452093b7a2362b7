// $ref resolution. Local references only (`#`, `#/$defs/X`, `#/definitions/X`, any `#/…` JSON
// pointer); anything else is dropped with a note. Where the provider resolves references itself
// they are kept as `#/$defs/X` (definitions normalized once); elsewhere they are inlined, and a
// recursive one is cut after MAX_REF_DEPTH expansions along a path.
import { mergeTwo } from './all-of.js';
import { MAX_REF_DEPTH, type AdaptContext } from './context.js';
import { isRecord, jsonText, setOwn, type Schema } from './json.js';

export type Normalize = (input: unknown, ctx: AdaptContext, depth: number) => Schema | boolean;

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
  keep(ref: string, ctx: AdaptContext, normalize: Normalize): string | undefined {
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
  inline(ref: string, ctx: AdaptContext, depth: number, normalize: Normalize): Schema | boolean | undefined {
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

/** Resolves the `$ref` of `node` (its other keywords are `siblings`, already normalized). */
export function resolveRef(node: Schema, siblings: Schema | boolean, ctx: AdaptContext, depth: number, normalize: Normalize): Schema | boolean {
  const table = (ctx.refs ??= new RefTable(ctx.root));
  const ref = followAliases(node.$ref as string, table);
  if (ref === null) {
    ctx.note('removed a $ref that only refers to itself', true);
    return siblings;
  }
  if (depth === 0 && ref === '#') {
    ctx.note('removed a top-level "$ref" to the schema itself');
    return siblings;
  }
  // The top level must be an object schema, not a reference: it is always inlined.
  if (ctx.options.keepRefs && depth > 0) {
    const name = ref === '#' ? '#' : table.keep(ref, ctx, normalize);
    if (name !== undefined) {
      const out: Schema = { $ref: name === '#' ? '#' : `#/$defs/${encodeSegment(name)}` };
      if (isRecord(siblings)) for (const key of Object.keys(siblings)) setOwn(out, key, siblings[key]);
      return out;
    }
  }
  const target = table.inline(ref, ctx, depth, normalize);
  if (target === undefined) {
    ctx.note(`removed unresolvable $ref "${shortRef(ref)}"`, true);
    return siblings;
  }
  return combine(target, siblings, ctx);
}

/**
 * A reference to a schema that is only another reference is followed to the end; null when the
 * chain comes back on itself (`"A": {"$ref": "#/$defs/A"}`), which no value could ever resolve.
 */
function followAliases(ref: string, table: RefTable): string | null {
  const seen = new Set<string>();
  let current = ref;
  for (;;) {
    if (seen.has(current)) return null;
    seen.add(current);
    const target = table.target(current);
    if (!isRecord(target) || typeof target.$ref !== 'string' || Object.keys(target).length !== 1) return current;
    current = target.$ref;
  }
}

/** The referenced schema and the referring node's other keywords (both apply); its description wins. */
function combine(target: Schema | boolean, siblings: Schema | boolean, ctx: AdaptContext): Schema | boolean {
  if (!isRecord(siblings) || !isRecord(target) || typeof siblings.description !== 'string') return mergeTwo(target, siblings, ctx);
  const { description, ...rest } = siblings;
  const merged = mergeTwo(target, rest, ctx);
  return isRecord(merged) ? { ...merged, description } : merged;
}

function shortRef(ref: string): string {
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

function encodeSegment(name: string): string {
  return encodeURIComponent(name.replace(/~/g, '~0').replace(/\//g, '~1'));
}
