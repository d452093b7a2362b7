// What is wrong with a registry's answer, in words a user reads (pure): zod's issues turned into
// sentences that name the part of the entry and what it should be ("it has no \"server\"
// part (the server's description)"), never zod's own shorthand ("server Required").
import type { ZodError, ZodIssue } from 'zod';
import { REGISTRY_NAME_MAX, REGISTRY_NAME_MIN } from '../../../types/install.js';

/** What the well-known parts of an entry hold, for a missing one. */
const PARTS: Record<string, string> = {
  server: "the server's description",
  'server.name': "the server's name",
  'server.description': 'what the server does',
  'server.version': "the entry's version",
  transport: 'how the package talks to the app',
  registryType: 'which kind of package it is',
  identifier: "the package's name or address",
};

const KINDS: Record<string, string> = {
  string: 'text',
  number: 'a number',
  integer: 'a whole number',
  boolean: 'true or false',
  object: 'an object',
  array: 'a list',
  null: 'null',
  undefined: 'nothing',
};

/** `server.packages[0].transport`, as a reader finds it in the JSON. */
function where(path: ReadonlyArray<string | number>): string {
  return path.reduce<string>((text, part) => (typeof part === 'number' ? `${text}[${part}]` : text ? `${text}.${part}` : part), '');
}

function valueAt(data: unknown, path: ReadonlyArray<string | number>): unknown {
  let value = data;
  for (const part of path) value = typeof value === 'object' && value !== null ? (value as Record<string | number, unknown>)[part] : undefined;
  return value;
}

/** One issue as a sentence's clause. */
function describeIssue(issue: ZodIssue, data: unknown): string {
  const at = where(issue.path);
  const last = issue.path.at(-1);
  const part = at === '' ? 'the answer' : `"${at}"`;
  const known = PARTS[at] ?? (typeof last === 'string' ? PARTS[last] : undefined);
  switch (issue.code) {
    case 'invalid_type':
      if (issue.received === 'undefined') return `it has no ${part}${known ? ` (${known})` : ''}`;
      return `${part} is ${KINDS[issue.received] ?? issue.received} where ${KINDS[issue.expected] ?? issue.expected} belongs`;
    case 'too_small':
      return issue.type === 'array' ? `${part} has fewer than ${String(issue.minimum)} items` : issue.type === 'string' ? `${part} is too short (at least ${String(issue.minimum)} characters)` : `${part} is below ${String(issue.minimum)}`;
    case 'too_big':
      return issue.type === 'array' ? `${part} has more than ${String(issue.maximum)} items` : issue.type === 'string' ? `${part} is too long (at most ${String(issue.maximum)} characters)` : `${part} is above ${String(issue.maximum)}`;
    case 'invalid_string': {
      const value = valueAt(data, issue.path);
      if (last === 'name' && issue.path.length === 2) return `its name ${JSON.stringify(value)} is not a registry server name (${NAME_RULE})`;
      return `${part} (${JSON.stringify(value)}) is not in the form it must have`;
    }
    case 'invalid_union_discriminator':
      return `${part} must be one of ${issue.options.map((option) => JSON.stringify(option)).join(', ')}`;
    default:
      return `${part}: ${issue.message.toLowerCase()}`;
  }
}

/** The rule a registry server's name follows, in words. */
export const NAME_RULE = `a namespace and a name separated by one "/", with letters, digits, "." and "-" (and "_" in the name), ${REGISTRY_NAME_MIN} to ${REGISTRY_NAME_MAX} characters`;

/** The first few problems of a parse, as one clause list: "it has no \"server\" part (…); …". */
export function describeAnswerProblems(error: ZodError, data: unknown, limit = 3): string {
  const clauses = error.issues.slice(0, limit).map((issue) => describeIssue(issue, data));
  const more = error.issues.length > limit ? ` (and ${error.issues.length - limit} more)` : '';
  return `${clauses.join('; ')}${more}`;
}
