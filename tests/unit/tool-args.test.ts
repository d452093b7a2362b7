// Arguments checked against a tool's input schema before a call: one message per field, in the
// words a user reads; schemas of every draft servers send; a schema that cannot be used is said
// so, and never blocks the call.
import { describe, expect, it } from 'vitest';
import { checkToolArgs } from '../../src/main/mcp/user-input/schema-check.js';

const READ_FILE = {
  type: 'object',
  properties: {
    path: { type: 'string' },
    encoding: { enum: ['utf8', 'base64'] },
    range: { type: 'object', properties: { start: { type: 'integer', minimum: 0 } }, required: ['start'] },
    tags: { type: 'array', items: { type: 'string' } },
  },
  required: ['path'],
  additionalProperties: false,
};

describe('checkToolArgs', () => {
  it('accepts arguments that fit', () => {
    expect(checkToolArgs(READ_FILE, { path: '/x', encoding: 'utf8', range: { start: 0 }, tags: ['a'] })).toEqual({ problems: [] });
  });

  it('names each field and what is wrong with it', () => {
    expect(checkToolArgs(READ_FILE, { encoding: 'latin1', range: { start: -1 }, tags: ['a', 2], extra: true }).problems).toEqual([
      { field: 'path', message: 'is required' },
      { field: 'extra', message: 'is not an argument this tool takes' },
      { field: 'encoding', message: 'must be one of "utf8", "base64"' },
      { field: 'range.start', message: 'must be >= 0' },
      { field: 'tags[1]', message: 'must be string' },
    ]);
    expect(checkToolArgs(READ_FILE, { path: 3, range: {} }).problems).toEqual([
      { field: 'path', message: 'must be string' },
      { field: 'range.start', message: 'is required' },
    ]);
  });

  it('reads draft 2020-12 and 2019-09 schemas, and two schemas sharing an $id', () => {
    const modern = { $schema: 'https://json-schema.org/draft/2020-12/schema', $id: 'urn:tool', type: 'object', properties: { n: { type: 'integer' } }, required: ['n'], $defs: {} };
    expect(checkToolArgs(modern, {}).problems).toEqual([{ field: 'n', message: 'is required' }]);
    expect(checkToolArgs({ ...modern, required: [] }, {}).problems).toEqual([]);
    const draft2019 = { $schema: 'https://json-schema.org/draft/2019-09/schema', type: 'object', dependentRequired: { a: ['b'] } };
    expect(checkToolArgs(draft2019, { a: 1 }).problems).toEqual([{ field: 'arguments', message: 'must have property b when property a is present' }]);
  });

  it('says when a schema cannot be used, and finds no problem then', () => {
    const broken = { type: 'object', properties: { a: { $ref: '#/nowhere' } } };
    const check = checkToolArgs(broken, { a: 1 });
    expect(check.problems).toEqual([]);
    expect(check.unchecked).toMatch(/^the tool's input schema could not be read \(.*nowhere.*\)$/);
    expect(checkToolArgs(null, { a: 1 })).toEqual({ problems: [] });
  });
});
