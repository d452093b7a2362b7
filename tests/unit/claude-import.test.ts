// The Claude Desktop import: what counts as a server that is already configured, so importing
// the same file twice adds nothing the second time and says which server each entry matched.
import { describe, expect, it } from 'vitest';
import { parseClaudeDesktopConfig, planImport, sameServer } from '../../src/main/config/claude-import.js';
import type { ServerSettings } from '../../src/types/config.js';

const files: ServerSettings = { label: 'Files', state: 'enabled', type: 'stdio', command: 'npx', args: ['-y', 'fs', '/a'], env: { TOKEN: 'x' } };
const remote: ServerSettings = { label: 'Remote', state: 'enabled', type: 'http', url: 'https://example.com/mcp' };

describe('sameServer', () => {
  it('stdio: same command, arguments and environment, whatever the label, state or folder', () => {
    expect(sameServer(files, { ...files, label: 'Other', state: 'disabled', cwd: '/tmp' })).toBe(true);
    expect(sameServer(files, { ...files, env: { TOKEN: 'x' } })).toBe(true);
  });

  it('stdio: another folder argument, argument order, environment value or command is another server', () => {
    expect(sameServer(files, { ...files, args: ['-y', 'fs', '/b'] })).toBe(false);
    expect(sameServer(files, { ...files, args: ['fs', '-y', '/a'] })).toBe(false);
    expect(sameServer(files, { ...files, env: { TOKEN: 'y' } })).toBe(false);
    expect(sameServer(files, { ...files, env: {} })).toBe(false);
    expect(sameServer(files, { ...files, command: 'node' })).toBe(false);
    expect(sameServer({ ...files, env: undefined }, { ...files, env: {} })).toBe(true);
  });

  it('HTTP and SSE: the same URL (as a URL, not as text), whatever the transport or headers', () => {
    expect(sameServer(remote, { ...remote, label: 'x', headers: { Authorization: 'k' } })).toBe(true);
    expect(sameServer(remote, { ...remote, url: 'HTTPS://EXAMPLE.com:443/mcp' })).toBe(true);
    expect(sameServer(remote, { ...remote, type: 'sse' })).toBe(true);
    expect(sameServer(remote, { ...remote, url: 'https://example.com/mcp2' })).toBe(false);
    expect(sameServer(remote, files)).toBe(false);
  });
});

describe('planImport', () => {
  const existing: ServerSettings[] = [{ ...files, uuid: 'u1' } as ServerSettings];

  it('skips entries already configured or repeated in the file, naming what they match', () => {
    const parsed = parseClaudeDesktopConfig(JSON.stringify({
      mcpServers: {
        filesystem: { command: 'npx', args: ['-y', 'fs', '/a'], env: { TOKEN: 'x' } },
        other: { command: 'npx', args: ['-y', 'fs', '/b'] },
        'other again': { command: 'npx', args: ['-y', 'fs', '/b'] },
        remote: { url: 'https://example.com/mcp' },
      },
    }));
    const plan = planImport(parsed.servers, existing);
    expect(plan.add.map((s) => s.label)).toEqual(['other', 'remote']);
    expect(plan.alreadyAdded).toEqual([
      { name: 'filesystem', label: 'Files' },
      { name: 'other again', label: 'other' },
    ]);
  });
});
