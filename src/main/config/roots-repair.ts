// A server's folders (`roots`) as a hand edit may have left them: a single path instead of a
// list, relative paths, values that are not text, a folder twice, too many. Each repair narrows
// what the server may use, never widens it: what cannot be read as an absolute path is dropped,
// with a warning naming it, so the user can add it again in the server's form.
import { MAX_ROOTS, rootPathProblem } from '../../types/roots.js';

/** The folders to keep, or undefined (none); each repair adds a warning. */
export function repairRoots(value: unknown, where: string, warnings: string[]): string[] | undefined {
  if (value === undefined || value === null) return undefined;
  let list: unknown[];
  if (typeof value === 'string') {
    warnings.push(`${where}: its folders were one text, not a list; read as a list of one.`);
    list = [value];
  } else if (Array.isArray(value)) {
    list = value;
  } else {
    warnings.push(`${where}: its folders were not a list and were dropped (it may use none until you add them again).`);
    return undefined;
  }
  const kept: string[] = [];
  for (const item of list) {
    if (typeof item !== 'string') {
      warnings.push(`${where}: a folder that was not text was dropped.`);
      continue;
    }
    const problem = rootPathProblem(item);
    if (problem) {
      warnings.push(`${where}: folder ${JSON.stringify(item.slice(0, 200))} was dropped: ${problem}`);
      continue;
    }
    if (kept.includes(item)) {
      warnings.push(`${where}: folder ${JSON.stringify(item.slice(0, 200))} was listed twice; kept once.`);
      continue;
    }
    kept.push(item);
  }
  if (kept.length > MAX_ROOTS) {
    warnings.push(`${where}: ${kept.length} folders; the first ${MAX_ROOTS} were kept.`);
    kept.length = MAX_ROOTS;
  }
  return kept.length > 0 ? kept : undefined;
}
