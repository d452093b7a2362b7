// checkTool (each listed tool against the SDK's own ToolSchema, its output schema compiled) and
// the memoized validator the SDK client's cache then reuses.
import { describe, expect, it } from 'vitest';
import { checkTool, CompiledSchemas } from '../../src/main/mcp/listing/tool-listing.js';

describe('checkTool', () => {
  it('accepts what the SDK accepts, as the SDK parses it', () => {
    const raw = { name: 'ok', inputSchema: { type: 'object', properties: { a: { type: 'string' } }, extra: 1 }, unknownField: true };
    const checked = checkTool(raw, 0, new CompiledSchemas());
    // Unknown fields of the schema are kept (catchall); unknown fields of the tool are dropped.
    expect(checked).toEqual({ tool: { name: 'ok', inputSchema: { type: 'object', properties: { a: { type: 'string' } }, extra: 1 } } });
  });

  it.each<[string, unknown, string | null, RegExp]>([
    ['a boolean subschema', { name: 'b', inputSchema: { type: 'object', properties: { x: false } } }, 'b', /inputSchema\.properties\.x: expected a schema object, received false/],
    ['no name', { inputSchema: { type: 'object' } }, null, /^its definition is malformed \(name: /],
    ['a name that is not text', { name: 7, inputSchema: { type: 'object' } }, null, /name: /],
    ['no input schema', { name: 'n' }, 'n', /inputSchema: /],
    ['null', null, null, /tool 4: /],
    ['an output schema that does not compile', { name: 'o', inputSchema: { type: 'object' }, outputSchema: { type: 'object', properties: { p: { pattern: '(' } } } }, 'o', /^its output schema cannot be compiled \(.*Unterminated group/],
  ])('skips %s, with the name and a one-line reason', (_, raw, name, reason) => {
    const checked = checkTool(raw, 3, new CompiledSchemas());
    expect('skipped' in checked).toBe(true);
    if (!('skipped' in checked)) return;
    expect(checked.skipped.name).toBe(name);
    expect(checked.skipped.reason).toMatch(reason);
    expect(checked.skipped.reason).not.toContain('\n');
  });
});

describe('CompiledSchemas', () => {
  it('compiles a schema object once and hands out the same validator', () => {
    const schemas = new CompiledSchemas();
    const schema = { type: 'object' as const, properties: { n: { type: 'number' as const } }, required: ['n'] };
    const validator = schemas.getValidator(schema);
    expect(schemas.getValidator(schema)).toBe(validator);
    expect(validator({ n: 1 })).toMatchObject({ valid: true });
    expect(validator({ n: 'x' })).toMatchObject({ valid: false });
  });
});
