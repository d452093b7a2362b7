// Property tests for the tool-naming core (docs/design.md §2): sanitizing gives valid names by
// the rules, and the fast paths agree with the rules they stand for.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  MAX_TOOL_NAME_LENGTH,
  TOOL_NAME_PATTERN,
  explainName,
  isValidToolName,
  sanitizeToolName,
} from '../../src/main/naming.js';
import { transliterateName } from '../../src/main/naming/transliterate.js';
import { toolName } from './helpers/naming-arbitraries.js';

describe('sanitizeToolName (properties)', () => {
  it('always gives a valid name, keeps valid names, and is idempotent', () => {
    fc.assert(
      fc.property(toolName, (original) => {
        const name = sanitizeToolName(original);
        expect(name).toMatch(TOOL_NAME_PATTERN);
        expect(sanitizeToolName(name)).toBe(name);
        expect(sanitizeToolName(original)).toBe(name);
        if (isValidToolName(original)) expect(name).toBe(original);
        const reasons = explainName(original, name);
        expect(reasons.length === 0).toBe(name === original);
        for (const reason of reasons) expect(['sanitized', 'truncated']).toContain(reason);
      }),
      { numRuns: 2000 },
    );
  });
});

/**
 * Rules 2–3 written the plain way, with regexes over code points, as docs/design.md states them: the
 * core does the same in one char-code loop, and this holds the two equal. Transliteration (the
 * library's part) is the core's own `transliterateName`, applied where a non-ASCII character is.
 */
function sanitizeByTheRules(original: string): string {
  if (TOOL_NAME_PATTERN.test(original)) return original;
  // eslint-disable-next-line no-control-regex
  const folded = /[^\u0000-\u007f]/.test(original) ? transliterateName(original) : original;
  let name = folded.replace(/[^a-zA-Z0-9_-]/gu, '_');
  if (!/[a-zA-Z0-9]/.test(name)) {
    let hash = 0x811c9dc5; // FNV-1a over UTF-16 code units: the stable short hash of rule 2
    for (let i = 0; i < original.length; i++) hash = Math.imul(hash ^ original.charCodeAt(i), 0x01000193);
    name = `tool_${(hash >>> 0).toString(16).padStart(8, '0')}`;
  } else if (!/^[a-zA-Z_]/.test(name)) name = `_${name}`;
  return name.slice(0, MAX_TOOL_NAME_LENGTH);
}

describe('sanitizeToolName (against the rules)', () => {
  // Lone and paired surrogates, marks, wide and control characters: where a hand loop over
  // UTF-16 could split a code point or miss a character.
  const tricky = fc.string({
    unit: fc.oneof(
      fc.constantFrom('\ud83d', '\ude00', '😀', '\u0301', 'é', 'ﬁ', '①', '日', '\u0000', '\u007f', '\u00a0', '-', '_', '/', '9'),
      fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }),
      fc.constantFrom('a', 'Z', 'm'),
    ),
    maxLength: 80,
  });

  it('matches rules 2–3 written with regexes, for any string', () => {
    fc.assert(
      fc.property(fc.oneof(tricky, toolName), (original) => {
        expect(sanitizeToolName(original)).toBe(sanitizeByTheRules(original));
      }),
      { numRuns: 5000 },
    );
  });
});

describe('fast paths agree with the rules they stand for', () => {
  it('isValidToolName (a char-code loop) agrees with TOOL_NAME_PATTERN', () => {
    const near = fc.string({ unit: fc.constantFrom('a', 'Z', '_', '-', '0', '9', '@', '[', '`', '{', '/', ' ', 'é', 'İ'), maxLength: 70 });
    fc.assert(
      fc.property(fc.oneof(toolName, near, fc.stringMatching(/^[a-zA-Z_][a-zA-Z0-9_-]{0,63}$/)), (name) => {
        expect(isValidToolName(name)).toBe(TOOL_NAME_PATTERN.test(name));
      }),
      { numRuns: 3_000 },
    );
  });

  it('the ASCII path (no Unicode folding) sanitizes like the folding path', () => {
    // The same name with a combining accent goes through NFKD and mark removal, which drop the
    // accent again: both paths must then give the same name (the hash fallback aside, which
    // hashes the original and so differs by design).
    fc.assert(
      fc.property(fc.string({ unit: 'binary-ascii', maxLength: 80 }), (name) => {
        fc.pre(/[a-zA-Z0-9]/.test(name));
        expect(sanitizeToolName(`${name}\u0301`)).toBe(sanitizeToolName(name));
      }),
      { numRuns: 2_000 },
    );
  });
});
