// The values a user gives an install form (or `--set KEY=VALUE`), checked against its fields:
// pure. Each value comes out as text (or a list of texts for a field that takes several), the
// way it goes into a command line, an environment variable, a header or an address.
import path from 'node:path';
import type { InstallField, InstallProblem, InstallValue, InstallValues } from '../../types/install.js';

/** A field's value as text, or several for a field that takes several; absent when not given. */
export type CheckedValues = Map<string, string | string[]>;

export type ValuesCheck = { values: CheckedValues } | { problems: InstallProblem[] };

const NUL = '\u0000';

/** `--set KEY=VALUE`, repeated: a key given twice is a list (for fields that take several). */
export function parseSetOptions(options: readonly string[]): Record<string, string | string[]> {
  const values: Record<string, string | string[]> = {};
  for (const option of options) {
    const at = option.indexOf('=');
    if (at <= 0) throw new Error(`--set takes KEY=VALUE (got "${option}")`);
    const key = option.slice(0, at);
    const value = option.slice(at + 1);
    const before = Object.hasOwn(values, key) ? values[key] : undefined;
    values[key] = before === undefined ? value : [...(Array.isArray(before) ? before : [before]), value];
  }
  return values;
}

function describe(field: InstallField): string {
  return `"${field.label}"`;
}

/** One given value as the field takes it, or why it cannot be. */
function checkOne(field: InstallField, text: string): string | InstallProblem {
  const problem = (message: string): InstallProblem => ({ field: field.id, message: `${describe(field)} ${message}` });
  if (text.includes(NUL)) return problem('contains a NUL character.');
  if (field.choices && field.choices.length > 0 && !field.choices.includes(text)) return problem(`must be one of: ${field.choices.join(', ')}.`);
  switch (field.kind) {
    case 'number': {
      const number = text.trim() === '' ? Number.NaN : Number(text);
      if (!Number.isFinite(number)) return problem(`must be a number (got "${text}").`);
      if (field.min !== undefined && number < field.min) return problem(`must be at least ${field.min}.`);
      if (field.max !== undefined && number > field.max) return problem(`must be at most ${field.max}.`);
      return String(number);
    }
    case 'boolean': {
      const word = text.trim().toLowerCase();
      if (word !== 'true' && word !== 'false') return problem(`must be true or false (got "${text}").`);
      return word;
    }
    case 'directory':
    case 'file':
      if (!path.isAbsolute(text)) return problem(`must be an absolute path to a ${field.kind === 'file' ? 'file' : 'folder'} (got "${text}").`);
      return text;
    default:
      return text;
  }
}

/** A given value as a list of texts: a list, lines of text for a field that takes several, or one. */
function texts(field: InstallField, value: InstallValue): string[] {
  if (Array.isArray(value)) return value;
  const text = typeof value === 'string' ? value : String(value);
  return field.multiple ? text.split(/\r?\n/).filter((line) => line.trim() !== '') : [text];
}

/**
 * Checks `given` against `fields`: unknown keys, missing required values, numbers, yes/no,
 * choices, absolute paths. A value left empty is not given: the field's default applies, and on
 * an update a saved secret is kept (absent from the result: the caller keeps it).
 */
export function checkValues(fields: readonly InstallField[], given: InstallValues): ValuesCheck {
  const problems: InstallProblem[] = [];
  const byId = new Map(fields.map((field) => [field.id, field]));
  for (const key of Object.keys(given)) {
    if (!byId.has(key)) problems.push({ field: key, message: `There is no setting "${key}" (settings: ${fields.map((f) => f.id).join(', ') || 'none'}).` });
  }
  const values: CheckedValues = new Map();
  for (const field of fields) {
    const raw = Object.hasOwn(given, field.id) ? given[field.id] : undefined;
    let items = raw === undefined ? [] : texts(field, raw).filter((item) => item !== '');
    if (items.length === 0 && field.default !== undefined && field.default !== '') items = field.multiple ? texts(field, field.default) : [field.default];
    if (items.length === 0) {
      if (field.required && !field.saved) problems.push({ field: field.id, message: `${describe(field)} is required.` });
      continue;
    }
    if (!field.multiple && items.length > 1) {
      problems.push({ field: field.id, message: `${describe(field)} takes one value (got ${items.length}).` });
      continue;
    }
    const checked = items.map((item) => checkOne(field, item));
    const wrong = checked.find((item): item is InstallProblem => typeof item !== 'string');
    if (wrong) problems.push(wrong);
    else values.set(field.id, field.multiple ? (checked as string[]) : (checked[0] as string));
  }
  return problems.length > 0 ? { problems } : { values };
}

/** Problems in one line each, for a message or a terminal. */
export function describeProblems(problems: readonly InstallProblem[]): string {
  return problems.map((problem) => problem.message).join(' ');
}

/** Values an install cannot use, each under its field: the message says them all. */
export class InstallProblemError extends Error {
  readonly problems: readonly InstallProblem[];
  constructor(problems: readonly InstallProblem[]) {
    super(describeProblems(problems));
    this.problems = problems;
  }
}

/** Makes field ids unique in order: a later `port` becomes `port_2`. */
export function uniqueIds<T extends { id: string }>(items: T[]): T[] {
  const seen = new Set<string>();
  return items.map((item) => {
    let id = item.id;
    for (let n = 2; seen.has(id); n++) id = `${item.id}_${n}`;
    seen.add(id);
    return id === item.id ? item : { ...item, id };
  });
}
