// Published MCP servers, configured as a user would (node + the package's bin script, over
// stdio), beside a fixture server: two filesystem servers with different roots, the memory
// server and the everything server. Calls go through the manager and prove where they landed.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Mcp } from '../../src/main/mcp.js';
import { TOOL_NAME_PATTERN } from '../../src/main/naming.js';
import { startFixtureInProcess, type InProcessFixture } from '../fixtures/launch.js';
import { answer, APPROVED, namesOf, publishedEntry, removeTempDirs, startMcp, statusOf, tempDir, text, urlEntry } from './helpers/mcp-env.js';

describe('published MCP servers over stdio', () => {
  let mcp: Mcp;
  let fixture: InProcessFixture;
  let root1: string;
  let root2: string;
  let memoryFile: string;

  beforeAll(async () => {
    // Real paths: the filesystem server reports roots resolved.
    root1 = fs.realpathSync(tempDir('fs-root-one-'));
    root2 = fs.realpathSync(tempDir('fs-root-two-'));
    fs.writeFileSync(path.join(root1, 'hello.txt'), 'hello from root one');
    fs.writeFileSync(path.join(root2, 'hello.txt'), 'hello from root two');
    memoryFile = path.join(tempDir('memory-'), 'memory.jsonl');
    fixture = await startFixtureInProcess({ id: 'F', transport: 'http', tools: ['echo', 'read_file'] });
    ({ mcp } = await startMcp(tempDir(), [
      publishedEntry('fs-1', 'Files one', 'server-filesystem', [root1]),
      publishedEntry('fs-2', 'Files two', 'server-filesystem', [root2]),
      publishedEntry('memory', 'Memory', 'server-memory', [], { MEMORY_FILE_PATH: memoryFile }),
      urlEntry('fixture', 'Fixture', 'http', fixture.url),
      publishedEntry('everything', 'Everything', 'server-everything', ['stdio']),
    ]));
  });

  afterAll(async () => {
    await mcp?.stop();
    await fixture?.stop();
    removeTempDirs();
  });

  it('connects every server', () => {
    expect(mcp.getStatus().map((s) => [s.uuid, s.status, s.error])).toEqual(
      ['fs-1', 'fs-2', 'memory', 'fixture', 'everything'].map((uuid) => [uuid, 'ready', undefined]),
    );
  });

  it('each speaks 2025-11-25 after its answer to the 2026-07-28 probe (published servers are on the older SDK)', () => {
    expect(mcp.getStatus().map((s) => [s.uuid, s.protocolVersion])).toEqual(['fs-1', 'fs-2', 'memory', 'fixture', 'everything'].map((uuid) => [uuid, '2025-11-25']));
  });

  it('the second filesystem server gets `_1` names, the first keeps the bare ones', () => {
    const one = namesOf(mcp, 'fs-1');
    const two = namesOf(mcp, 'fs-2');
    expect(Object.keys(one)).toContain('list_allowed_directories');
    expect(Object.keys(two)).toEqual(Object.keys(one));
    for (const [original, exposed] of Object.entries(one)) {
      expect(exposed).toBe(original);
      expect(two[original]).toBe(`${original}_1`);
    }
    // The fixture's read_file comes after both.
    expect(namesOf(mcp, 'fixture')).toEqual({ echo: 'echo', read_file: 'read_file_2' });
  });

  it('every published tool name is valid and unique', () => {
    const names = mcp.getLlmTools().map((t) => t.name);
    expect(new Set(names).size).toBe(names.length);
    for (const name of names) expect(name).toMatch(TOOL_NAME_PATTERN);
    expect(names.length).toBe(mcp.getStatus().reduce((n, s) => n + s.tools.length, 0));
  });

  it('routes list_allowed_directories_1 and read_text_file_1 to the second root', async () => {
    expect(text(await mcp.callTool('list_allowed_directories', {}, APPROVED))).toContain(root1);
    const second = text(await mcp.callTool('list_allowed_directories_1', {}, APPROVED));
    expect(second).toContain(root2);
    expect(second).not.toContain(root1);
    expect(text(await mcp.callTool('read_text_file', { path: path.join(root1, 'hello.txt') }, APPROVED))).toBe('hello from root one');
    expect(text(await mcp.callTool('read_text_file_1', { path: path.join(root2, 'hello.txt') }, APPROVED))).toBe('hello from root two');
    // The first server cannot read the second root: the call really went to server one.
    const denied = await mcp.callTool('read_text_file', { path: path.join(root2, 'hello.txt') }, APPROVED);
    expect(denied.isError).toBe(true);
    expect(answer(await mcp.callTool('read_file_2', { path: 'x' }, APPROVED))).toEqual({ server: 'F', tool: 'read_file', args: { path: 'x' } });
  });

  it('memory server: create_entities then read_graph', async () => {
    const created = await mcp.callTool('create_entities', {
      entities: [{ name: 'Ada Lovelace', entityType: 'person', observations: ['wrote the first program'] }],
    }, APPROVED);
    expect(created.isError).toBeFalsy();
    const graph = text(await mcp.callTool('read_graph', {}, APPROVED));
    expect(graph).toContain('Ada Lovelace');
    expect(graph).toContain('wrote the first program');
    expect(fs.readFileSync(memoryFile, 'utf8')).toContain('Ada Lovelace');
  });

  it("everything server: its echo, second after the fixture's, routes by suffix", async () => {
    expect(namesOf(mcp, 'everything').echo).toBe('echo_1');
    expect(statusOf(mcp, 'everything').tools.find((t) => t.original === 'echo')?.reasons).toEqual(['collision']);
    expect(text(await mcp.callTool('echo_1', { message: 'hello everything' }, APPROVED))).toContain('hello everything');
    expect(answer(await mcp.callTool('echo', { message: 'hello fixture' }, APPROVED))).toEqual({
      server: 'F',
      tool: 'echo',
      args: { message: 'hello fixture' },
    });
  });
});
