// Checks a tool call's arguments against the tool's input schema (JSON Schema, as the server
// listed it) before the call, with one message per field: the tester's help with arguments.
// In main, not the renderer: ajv compiles schemas to functions, which the page's content
// security policy (no 'unsafe-eval') rightly forbids.
import { Ajv } from 'ajv';
import type { ErrorObject, ValidateFunction } from 'ajv';
import { Ajv2019 } from 'ajv/dist/2019.js';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { isRecord } from '../../../types/json.js';
import type { ArgsCheck } from '../../../types/mcp.js';

// Formats (email, uri, …) are left to the server; the check is about the shape of the arguments.
const OPTIONS = { allErrors: true, strict: false, validateFormats: false, validateSchema: false } as const;
type Draft = '07' | '2019' | '2020';
/** Made on the first check of each draft: an instance sets up its meta-schemas, which every start would pay for. */
const drafts = new Map<Draft, Ajv>();

function ajvFor(draft: Draft): Ajv {
  let ajv = drafts.get(draft);
  if (!ajv) {
    ajv = draft === '2020' ? new Ajv2020(OPTIONS) : draft === '2019' ? new Ajv2019(OPTIONS) : new Ajv(OPTIONS);
    drafts.set(draft, ajv);
  }
  return ajv;
}

/** Compiled once per schema object: the index keeps a tool's schema until the server relists. */
const compiled = new WeakMap<object, ValidateFunction | Error>();

function validatorFor(schema: Record<string, unknown>): ValidateFunction | Error {
  let validator = compiled.get(schema);
  if (validator) return validator;
  const declared = typeof schema.$schema === 'string' ? schema.$schema : '';
  const ajv = ajvFor(/2020-12/.test(declared) ? '2020' : /2019-09/.test(declared) ? '2019' : '07');
  // Compiled under a fresh copy without $id: two tools may share an $id, which ajv refuses.
  const { $id: _id, ...copy } = schema;
  try {
    validator = ajv.compile(copy);
  } catch (error) {
    validator = error instanceof Error ? error : new Error(String(error));
  }
  compiled.set(schema, validator);
  return validator;
}

/** A JSON pointer as a user reads it: `/items/0/name` → `items[0].name`; the root is "arguments". */
function fieldOf(pointer: string, child?: string): string {
  const parts = pointer.split('/').slice(1).map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'));
  if (child !== undefined) parts.push(child);
  if (parts.length === 0) return 'arguments';
  return parts.map((part, i) => (/^\d+$/.test(part) ? `[${part}]` : i === 0 ? part : `.${part}`)).join('');
}

function describe(error: ErrorObject): { field: string; message: string } {
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'required':
      return { field: fieldOf(error.instancePath, String(params.missingProperty)), message: 'is required' };
    case 'additionalProperties':
      return { field: fieldOf(error.instancePath, String(params.additionalProperty)), message: 'is not an argument this tool takes' };
    case 'enum':
      return { field: fieldOf(error.instancePath), message: `must be one of ${(params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}` };
    default:
      return { field: fieldOf(error.instancePath), message: error.message ?? `fails "${error.keyword}"` };
  }
}

/** The problems of `args` under `schema`, one per field and message; none when they fit. */
export function checkToolArgs(schema: unknown, args: Record<string, unknown>): ArgsCheck {
  if (!isRecord(schema)) return { problems: [] };
  const validator = validatorFor(schema);
  if (validator instanceof Error) return { problems: [], unchecked: `the tool's input schema could not be read (${validator.message.slice(0, 200)})` };
  if (validator(args)) return { problems: [] };
  const seen = new Set<string>();
  const problems = (validator.errors ?? []).map(describe).filter((problem) => {
    const key = `${problem.field}\n${problem.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  return { problems: problems.slice(0, 50) };
}
