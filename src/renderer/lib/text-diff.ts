// What changed in a tool's definition, for the Review panel: a text word by word, a schema's JSON
// line by line. A longest common subsequence over the tokens, after the common start and end are
// set aside; past MAX_DIFF_CELLS (the middle's tokens before × after) the middle is shown as
// removed, then added, instead: fine for descriptions, bounded for a hostile megabyte. Hidden
// characters are tokens of their own, so a smuggled one is a change even inside a word. Pure.
import { textPieces, type TextPiece } from './hidden-text.js';

export type DiffKind = 'same' | 'removed' | 'added';

/** A word, a stretch of white space, or one hidden character. */
export interface DiffToken extends TextPiece {
  /** White space only (a change made of it alone is folded into the changes around it). */
  space: boolean;
  /** Inside the text a finding points at (markFound). */
  marked?: boolean;
}

export interface DiffRun {
  kind: DiffKind;
  tokens: DiffToken[];
}

export interface WordDiff {
  runs: DiffRun[];
  /** The texts were too long to compare token by token: their differing middle is shown whole. */
  capped: boolean;
}

export interface DiffLine {
  kind: DiffKind;
  pieces: TextPiece[];
  /** Holds the text a finding points at (markFoundLines). */
  marked?: boolean;
}

export interface LineDiff {
  lines: DiffLine[];
  capped: boolean;
}

/** The most cells (tokens before × tokens after, once the common start and end are set aside) compared one by one. */
export const MAX_DIFF_CELLS = 4_000_000;

interface Step {
  kind: DiffKind;
  /** Index into `before` (same, removed) or `after` (added). */
  index: number;
}

/** The steps from `before` to `after`: same tokens, removed ones, added ones, in order. */
function diffSequences(before: readonly string[], after: readonly string[], maxCells: number): { steps: Step[]; capped: boolean } {
  let start = 0;
  while (start < before.length && start < after.length && before[start] === after[start]) start++;
  let end = 0;
  while (end < before.length - start && end < after.length - start && before[before.length - 1 - end] === after[after.length - 1 - end]) end++;
  const steps: Step[] = [];
  for (let i = 0; i < start; i++) steps.push({ kind: 'same', index: i });
  const rows = before.length - start - end;
  const cols = after.length - start - end;
  const capped = rows * cols > maxCells;
  if (capped || rows === 0 || cols === 0) {
    for (let i = 0; i < rows; i++) steps.push({ kind: 'removed', index: start + i });
    for (let j = 0; j < cols; j++) steps.push({ kind: 'added', index: start + j });
  } else {
    // lengths[i][j]: the longest common subsequence of before[start+i..] and after[start+j..]; at
    // most min(rows, cols) ≤ √MAX_DIFF_CELLS, so 16 bits hold it.
    const width = cols + 1;
    const lengths = new Uint16Array((rows + 1) * width);
    for (let i = rows - 1; i >= 0; i--) {
      for (let j = cols - 1; j >= 0; j--) {
        lengths[i * width + j] = before[start + i] === after[start + j]
          ? lengths[(i + 1) * width + j + 1]! + 1
          : Math.max(lengths[(i + 1) * width + j]!, lengths[i * width + j + 1]!);
      }
    }
    let i = 0;
    let j = 0;
    while (i < rows || j < cols) {
      if (i < rows && j < cols && before[start + i] === after[start + j]) {
        steps.push({ kind: 'same', index: start + i });
        i++;
        j++;
      } else if (j >= cols || (i < rows && lengths[(i + 1) * width + j]! >= lengths[i * width + j + 1]!)) {
        steps.push({ kind: 'removed', index: start + i++ });
      } else {
        steps.push({ kind: 'added', index: start + j++ });
      }
    }
  }
  for (let i = 0; i < end; i++) steps.push({ kind: 'same', index: before.length - end + i });
  return { steps, capped };
}

/** A text as tokens: words, white space, and each hidden character alone. */
export function wordTokens(text: string): DiffToken[] {
  const tokens: DiffToken[] = [];
  for (const piece of textPieces(text)) {
    if (piece.hidden) {
      tokens.push({ ...piece, space: false });
      continue;
    }
    for (const part of piece.raw.split(/(\s+)/)) {
      if (part !== '') tokens.push({ raw: part, shown: part, hidden: false, space: /^\s+$/.test(part) });
    }
  }
  return tokens;
}

/**
 * `before` and `after` word by word (either may be undefined: a field added or removed). A change
 * is one removed run then one added run: white space alone between two changes joins them, so
 * "a b c" → "x y z" reads as one replacement, not three.
 */
export function wordDiff(before: string | undefined, after: string | undefined, maxCells = MAX_DIFF_CELLS): WordDiff {
  const from = wordTokens(before ?? '');
  const to = wordTokens(after ?? '');
  const { steps, capped } = diffSequences(from.map((t) => t.raw), to.map((t) => t.raw), maxCells);
  const raw: DiffRun[] = [];
  for (const step of steps) {
    const token = step.kind === 'added' ? to[step.index]! : from[step.index]!;
    const last = raw[raw.length - 1];
    if (last?.kind === step.kind) last.tokens.push(token);
    else raw.push({ kind: step.kind, tokens: [token] });
  }
  // White space kept between two changes belongs to both sides of one change.
  const folded = raw.map((run, index): DiffRun[] => {
    const between = run.kind === 'same' && index > 0 && index < raw.length - 1 && run.tokens.every((token) => token.space);
    return between ? [{ kind: 'removed', tokens: run.tokens }, { kind: 'added', tokens: run.tokens }] : [run];
  }).flat();
  const runs: DiffRun[] = [];
  let removed: DiffToken[] = [];
  let added: DiffToken[] = [];
  const flush = (): void => {
    if (removed.length > 0) runs.push({ kind: 'removed', tokens: removed });
    if (added.length > 0) runs.push({ kind: 'added', tokens: added });
    removed = [];
    added = [];
  };
  for (const run of folded) {
    if (run.kind === 'removed') removed.push(...run.tokens);
    else if (run.kind === 'added') added.push(...run.tokens);
    else {
      flush();
      runs.push(run);
    }
  }
  flush();
  return { runs, capped };
}

/** `before` and `after` (indented JSON, say) line by line. */
export function lineDiff(before: string | undefined, after: string | undefined, maxCells = MAX_DIFF_CELLS): LineDiff {
  const from = before === undefined ? [] : before.split('\n');
  const to = after === undefined ? [] : after.split('\n');
  const { steps, capped } = diffSequences(from, to, maxCells);
  return { lines: steps.map((step) => ({ kind: step.kind, pieces: textPieces(step.kind === 'added' ? to[step.index]! : from[step.index]!) })), capped };
}

/**
 * Where each of `needles` occurs in `shown`, as [start, end) ranges, case aside (a finding may
 * quote its text folded); a finding that does not quote the text verbatim marks nothing.
 */
function rangesOf(shown: string, needles: readonly string[]): Array<[number, number]> {
  const ranges: Array<[number, number]> = [];
  const haystack = shown.toLowerCase();
  // Lowercasing keeps lengths for all but a few characters (İ); where it does not, positions are not trusted.
  if (haystack.length !== shown.length) return ranges;
  for (const needle of needles.map((n) => n.toLowerCase())) {
    if (needle === '') continue;
    for (let at = haystack.indexOf(needle); at !== -1; at = haystack.indexOf(needle, at + needle.length)) ranges.push([at, at + needle.length]);
  }
  return ranges;
}

/**
 * The diff with the tokens of the text as listed now (same and added) that lie in a stretch a
 * finding quotes (`needles`, hidden characters shown as markers, as findings give them) marked.
 */
export function markFound(diff: WordDiff, needles: readonly string[]): WordDiff {
  const listed = diff.runs.filter((run) => run.kind !== 'removed').flatMap((run) => run.tokens);
  const ranges = rangesOf(listed.map((token) => token.shown).join(''), needles);
  if (ranges.length === 0) return diff;
  const marked = new Set<DiffToken>();
  let at = 0;
  for (const token of listed) {
    const end = at + token.shown.length;
    if (!token.space && ranges.some(([from, to]) => from < end && to > at)) marked.add(token);
    at = end;
  }
  return { ...diff, runs: diff.runs.map((run) => ({ ...run, tokens: run.tokens.map((token) => (marked.has(token) ? { ...token, marked: true } : token)) })) };
}

/** The lines as listed now (same and added) that hold a stretch a finding quotes, marked. */
export function markFoundLines(diff: LineDiff, needles: readonly string[]): LineDiff {
  const wanted = needles.filter((needle) => needle !== '');
  if (wanted.length === 0) return diff;
  return {
    ...diff,
    lines: diff.lines.map((line) => {
      if (line.kind === 'removed') return line;
      const shown = line.pieces.map((piece) => piece.shown).join('').toLowerCase();
      return wanted.some((needle) => shown.includes(needle.toLowerCase())) ? { ...line, marked: true } : line;
    }),
  };
}

/** The most pieces a field renders (hidden characters are one each); the rest is counted, not drawn. */
export const MAX_SHOWN_PIECES = 5_000;

/**
 * The diff as few pieces as it takes to draw: neighbouring plain tokens (not hidden, marked
 * alike) joined into one, and at most `maxPieces` pieces, the tokens past them counted in
 * `omitted`. What is drawn is what the diff says, in the same order.
 */
export function forDisplay(diff: WordDiff, maxPieces = MAX_SHOWN_PIECES): WordDiff & { omitted: number } {
  let budget = maxPieces;
  let omitted = 0;
  const runs: DiffRun[] = [];
  for (const run of diff.runs) {
    const tokens: DiffToken[] = [];
    for (const token of run.tokens) {
      // Past the budget nothing more is drawn: what is drawn stays a prefix, in order.
      if (omitted > 0) {
        omitted++;
        continue;
      }
      const last = tokens[tokens.length - 1];
      if (last && !last.hidden && !token.hidden && (last.marked === true) === (token.marked === true)) {
        tokens[tokens.length - 1] = { ...last, raw: last.raw + token.raw, shown: last.shown + token.shown, space: last.space && token.space };
      } else if (budget > 0) {
        budget--;
        tokens.push(token);
      } else {
        omitted++;
      }
    }
    if (tokens.length > 0) runs.push({ kind: run.kind, tokens });
  }
  return { ...diff, runs, omitted };
}
