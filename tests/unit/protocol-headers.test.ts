// The 2026-07-28 revision's pure parts: SEP-2243 header values and `x-mcp-header` marks, and an
// `input_required` result read strictly. (Against real servers: mcp-revisions.test.ts and the
// conformance suite's http-custom-headers, http-invalid-tool-headers, sep-2322 scenarios.)
import { describe, expect, it } from 'vitest';
import { encodeHeaderValue, headerPlan, paramHeaders, standardHeaders } from '../../src/main/mcp/protocol/http-headers.js';
import { MAX_REQUEST_STATE_CHARS, readInputRequired } from '../../src/main/mcp/protocol/input-rounds.js';

const b64 = (value: string): string => `=?base64?${Buffer.from(value, 'utf8').toString('base64')}?=`;
const mark = (property: Record<string, unknown>): unknown => ({ type: 'object', properties: { p: property } });

describe('header values', () => {
  it('plain visible ASCII as it is, inner spaces included; the rest as Base64 of its UTF-8', () => {
    expect(encodeHeaderValue('us-west1')).toBe('us-west1');
    expect(encodeHeaderValue('us west 1')).toBe('us west 1');
    for (const value of ['Hello, 世界', ' padded ', ' lead', 'trail ', 'line1\nline2', 'a\r\nb', '\tindented', 'a\tb', 'x\u007f', '=?base64?literal?=', '']) {
      expect(encodeHeaderValue(value), JSON.stringify(value)).toBe(value === '' ? '' : b64(value));
    }
  });

  it('Mcp-Method always; Mcp-Name for tools/call, prompts/get (name) and resources/read (uri)', () => {
    expect(standardHeaders('tools/list', {})).toEqual({ 'mcp-method': 'tools/list' });
    expect(standardHeaders('tools/call', { name: 'my-tool' })).toEqual({ 'mcp-method': 'tools/call', 'mcp-name': 'my-tool' });
    expect(standardHeaders('prompts/get', { name: 'café' })).toEqual({ 'mcp-method': 'prompts/get', 'mcp-name': b64('café') });
    expect(standardHeaders('resources/read', { uri: 'file:///a%20b.txt' })).toEqual({ 'mcp-method': 'resources/read', 'mcp-name': 'file:///a%20b.txt' });
  });

  it('Mcp-Name is the task\'s id for tasks/get, tasks/update and tasks/cancel (the tasks extension)', () => {
    for (const method of ['tasks/get', 'tasks/update', 'tasks/cancel']) expect(standardHeaders(method, { taskId: 't-1' })).toEqual({ 'mcp-method': method, 'mcp-name': 't-1' });
    expect(standardHeaders('tasks/list', { taskId: 't-1' })).toEqual({ 'mcp-method': 'tasks/list' });
  });
});

describe('x-mcp-header marks', () => {
  it('reads marks on string, integer and boolean properties, nested through properties alone', () => {
    const schema = { type: 'object', properties: { region: { type: 'string', 'x-mcp-header': 'Region' }, opts: { type: 'object', properties: { n: { type: 'integer', 'x-mcp-header': 'N' } } }, q: { type: 'string' } } };
    const plan = headerPlan(schema);
    expect(plan).toEqual({ params: [{ path: ['region'], name: 'Region' }, { path: ['opts', 'n'], name: 'N' }] });
    if ('problem' in plan) throw new Error(plan.problem);
    expect(paramHeaders(plan.params, { region: 'Zürich', opts: { n: 42 }, q: 'x' })).toEqual({ 'mcp-param-region': b64('Zürich'), 'mcp-param-n': '42' });
    // Absent or null: no header.
    expect(paramHeaders(plan.params, { region: null })).toEqual({});
  });

  it('refuses each kind of invalid mark, with a reason', () => {
    const invalid: Array<[unknown, RegExp]> = [
      [mark({ type: 'string', 'x-mcp-header': '' }), /empty/],
      [mark({ type: 'object', 'x-mcp-header': 'Data' }), /of type "object"/],
      [mark({ type: 'array', 'x-mcp-header': 'Items' }), /of type "array"/],
      [mark({ type: 'null', 'x-mcp-header': 'Nil' }), /of type "null"/],
      [mark({ type: 'number', 'x-mcp-header': 'F' }), /of type "number"/],
      [mark({ type: 'string', 'x-mcp-header': 'My Region' }), /not a valid header name/],
      [mark({ type: 'string', 'x-mcp-header': 'Region:Primary' }), /not a valid header name/],
      [mark({ type: 'string', 'x-mcp-header': 'Région' }), /not a valid header name/],
      [mark({ type: 'string', 'x-mcp-header': 'Region\t1' }), /not a valid header name/],
      [{ type: 'object', properties: { a: { type: 'string', 'x-mcp-header': 'MyField' }, b: { type: 'string', 'x-mcp-header': 'myfield' } } }, /given twice/],
      [{ type: 'object', properties: { a: { type: 'array', items: { type: 'string', 'x-mcp-header': 'I' } } } }, /not on a property reached through "properties" alone/],
      [{ type: 'object', anyOf: [{ properties: { a: { type: 'string', 'x-mcp-header': 'A' } } }] }, /not on a property reached/],
    ];
    for (const [schema, reason] of invalid) expect(headerPlan(schema), JSON.stringify(schema)).toEqual({ problem: expect.stringMatching(reason) as unknown });
  });

  it('a key named x-mcp-header inside data (enum, default) is no mark', () => {
    expect(headerPlan({ type: 'object', properties: { a: { type: 'object', default: { 'x-mcp-header': 1 } } } })).toEqual({ params: [] });
  });
});

describe('input_required results', () => {
  it('reads inputRequests and requestState; at least one of them', () => {
    expect(readInputRequired({ resultType: 'input_required', inputRequests: { a: { method: 'elicitation/create', params: { message: 'x' } } }, requestState: 's' })).toEqual({
      inputRequests: { a: { method: 'elicitation/create', params: { message: 'x' } } },
      requestState: 's',
    });
    expect(readInputRequired({ resultType: 'input_required', requestState: 's' })).toEqual({ requestState: 's' });
    expect(readInputRequired({ resultType: 'input_required' })).toEqual({ problem: 'it has neither inputRequests nor requestState' });
  });

  it('refuses what is malformed or too large', () => {
    expect(readInputRequired({ inputRequests: [] })).toEqual({ problem: 'its inputRequests is not an object' });
    expect(readInputRequired({ inputRequests: 'x' })).toEqual({ problem: 'its inputRequests is not an object' });
    expect(readInputRequired({ inputRequests: { a: { params: {} } } })).toEqual({ problem: 'its input request "a" has no method' });
    expect(readInputRequired({ inputRequests: { a: { method: 'm', params: 3 } } })).toEqual({ problem: 'the params of its input request "a" are not an object' });
    expect(readInputRequired({ requestState: 7 })).toEqual({ problem: 'its requestState is not text' });
    expect(readInputRequired({ requestState: 'x'.repeat(MAX_REQUEST_STATE_CHARS + 1) })).toHaveProperty('problem');
  });

  it('a key named __proto__ is an entry like any other', () => {
    const read = readInputRequired(JSON.parse('{"inputRequests": {"__proto__": {"method": "roots/list"}}}') as Record<string, unknown>);
    expect('inputRequests' in read && Object.keys(read.inputRequests ?? {})).toEqual(['__proto__']);
  });
});
