// The pure core of the secret store: the rule of what is secret, references and what saving
// settings plans, redaction, and rewriting copies of the config.
import { describe, expect, it } from 'vitest';
import { Redactor, REDACTED } from '../../src/main/secrets/redact.js';
import { holdsPlainSecrets, planSecrets, secretRefsOf, UNMOVED_SECRET, withoutPlainSecrets } from '../../src/main/secrets/refs.js';
import { scrubbedCopy } from '../../src/main/secrets/scrub.js';
import type { McpServer } from '../../src/types/config.js';
import { checkServerSettings, McpServerSchema } from '../../src/types/config.js';
import { isSecretByRule, isSecretRef } from '../../src/types/secrets.js';

describe('what is secret', () => {
  it('every header but a few harmless ones, in any case', () => {
    for (const name of ['Authorization', 'authorization', 'Cookie', 'X-API-Key', 'Proxy-Authorization', 'X-Goog-Api-Key', 'api-key', 'X-Whatever']) {
      expect(isSecretByRule('headers', name), name).toBe(true);
    }
    for (const name of ['Accept', 'content-type', 'User-Agent', 'MCP-Protocol-Version', ' Accept-Language ', 'Cache-Control']) {
      expect(isSecretByRule('headers', name), name).toBe(false);
    }
  });

  it('env values whose name says they hold a credential', () => {
    for (const name of ['OPENAI_API_KEY', 'GITHUB_TOKEN', 'client_secret', 'DB_PASSWORD', 'PASSWD', 'AUTH', 'GOOGLE_APPLICATION_CREDENTIALS', 'SSH_PRIVATE', 'apikey', 'monkey']) {
      expect(isSecretByRule('env', name), name).toBe(true);
    }
    for (const name of ['PATH', 'DEBUG', 'LANG', 'REGION', 'HOME', 'NODE_ENV']) expect(isSecretByRule('env', name), name).toBe(false);
  });

  it('a reference is an object: no string a user types is ever one', () => {
    expect(isSecretRef({ secret: 'abc_DEF-123' })).toBe(true);
    expect(isSecretRef('{"secret":"abc"}')).toBe(false);
    expect(isSecretRef({ secret: 'abc', extra: 1 })).toBe(false);
    expect(isSecretRef({ secret: '../etc' })).toBe(false);
    const typed = checkServerSettings({ label: 'S', type: 'http', url: 'http://x/mcp', headers: { Authorization: '{"secret":"abc"}' } });
    expect(typed).toEqual({ settings: expect.objectContaining({ headers: { Authorization: '{"secret":"abc"}' } }) });
    // config.json holds text or references, never a new value.
    expect(McpServerSchema.safeParse({ uuid: 'u', label: 'S', state: 'enabled', type: 'stdio', command: 'x', env: { K: { secretValue: 'v' } } }).success).toBe(false);
  });
});

describe('planSecrets', () => {
  const saved: McpServer = {
    uuid: 'u', label: 'S', state: 'enabled', type: 'http', url: 'http://x/mcp',
    headers: { Authorization: { secret: 'old-auth' }, 'X-Team': { secret: 'old-team' }, Accept: 'application/json' },
  };

  it('stores what the rule or the toggle says, keeps text otherwise', () => {
    const plan = planSecrets({ env: { OPENAI_API_KEY: 'sk-1', REGION: { secretValue: 'eu' }, DEBUG: '1' } });
    expect(plan.writes.map(({ field, key, value }) => [field, key, value])).toEqual([['env', 'OPENAI_API_KEY', 'sk-1'], ['env', 'REGION', 'eu']]);
    expect(plan.env).toEqual({ OPENAI_API_KEY: { secret: plan.writes[0]!.id }, REGION: { secret: plan.writes[1]!.id }, DEBUG: '1' });
    expect(plan.deletes).toEqual([]);
    expect(new Set(plan.writes.map((w) => w.id)).size).toBe(2);
  });

  it('an edit keeps references sent back, writes replacements under new ids, deletes what is gone', () => {
    const plan = planSecrets({ headers: { Authorization: { secret: 'old-auth' }, 'X-Team': { secretValue: 'new team' }, Accept: 'text/plain' } }, saved);
    expect(plan.headers!.Authorization).toEqual({ secret: 'old-auth' });
    expect(plan.writes).toEqual([{ field: 'headers', key: 'X-Team', id: expect.not.stringMatching(/^old-team$/) as string, value: 'new team' }]);
    expect(plan.deletes).toEqual(['old-team']);
    expect(planSecrets({ headers: {} }, saved).deletes).toEqual(['old-auth', 'old-team']);
  });

  it("refuses a reference the server does not hold: no server can be pointed at another's secret", () => {
    expect(() => planSecrets({ headers: { Authorization: { secret: 'someone-else' } } }, saved)).toThrow(
      'The header Authorization refers to a saved secret this server does not have; enter the value again.',
    );
    expect(() => planSecrets({ env: { TOKEN: { secret: 'old-auth' } } })).toThrow('environment variable TOKEN');
  });

  it('__proto__ stays an ordinary key', () => {
    const plan = planSecrets({ env: JSON.parse('{"__proto__": "x", "__proto__TOKEN": "y"}') as Record<string, string> });
    expect(Object.keys(plan.env!)).toEqual(['__proto__', '__proto__TOKEN']);
    expect(Object.getPrototypeOf(plan.env)).toBe(Object.prototype);
  });

  it('a value still in plain text reaches the renderer masked, and sent back as is it moves into the store', () => {
    const plain: McpServer = { ...saved, headers: { Authorization: 'Bearer plain', Accept: 'application/json' } };
    expect(holdsPlainSecrets(plain)).toBe(true);
    const masked = withoutPlainSecrets(plain);
    expect(masked.headers).toEqual({ Authorization: UNMOVED_SECRET, Accept: 'application/json' });
    const plan = planSecrets({ headers: masked.headers! }, plain);
    expect(plan.writes.map((w) => [w.key, w.value])).toEqual([['Authorization', 'Bearer plain']]);
    expect(secretRefsOf({ headers: plan.headers })).toEqual([{ field: 'headers', key: 'Authorization', id: plan.writes[0]!.id }]);
  });
});

describe('Redactor', () => {
  it('takes every known value out, the token after an auth scheme and JSON-escaped forms too', () => {
    const redactor = new Redactor();
    redactor.add('Bearer tok-123456');
    redactor.add('pa"ss\\word');
    redactor.add('abc');
    expect(redactor.redact('got Bearer tok-123456, then tok-123456')).toBe(`got ${REDACTED}, then ${REDACTED}`);
    expect(redactor.redact('{"v":"pa\\"ss\\\\word"} and pa"ss\\word')).toBe(`{"v":"${REDACTED}"} and ${REDACTED}`);
    // Values shorter than four characters would mangle messages: left alone.
    expect(redactor.redact('abc')).toBe('abc');
  });
});

describe('scrubbedCopy', () => {
  const known = new Map([['Bearer tok-123456', { secret: 'ref-1' }]]);

  it('a copy that parses: secret values become references, by the rule or when known', () => {
    const copy = JSON.stringify({
      mcp: { servers: [
        { uuid: 'a', headers: { Authorization: 'Bearer tok-123456', Accept: 'application/json' }, args: ['--key', 'Bearer tok-123456'] },
        { uuid: 'gone', env: { OLD_TOKEN: 'older-value', PATH: '/bin' } },
      ] },
    });
    const next = JSON.parse(scrubbedCopy(copy, known)!) as { mcp: { servers: Array<Record<string, unknown>> } };
    expect(next.mcp.servers[0]).toEqual({ uuid: 'a', headers: { Authorization: { secret: 'ref-1' }, Accept: 'application/json' }, args: ['--key', REDACTED] });
    // A value the config no longer holds gets a reference to nothing: restoring asks for it again.
    expect(next.mcp.servers[1]!.env).toEqual({ OLD_TOKEN: { secret: expect.stringMatching(/^[A-Za-z0-9_-]+$/) as string }, PATH: '/bin' });
    expect(scrubbedCopy(JSON.stringify(next), known)).toBeNull();
  });

  it('a copy that does not parse: known values are replaced by their text', () => {
    const corrupt = '{"mcp": {"servers": [{"headers": {"Authorization": "Bearer tok-123456"}, "note": "tok-123456 ';
    const next = scrubbedCopy(corrupt, known)!;
    expect(next).toBe(`{"mcp": {"servers": [{"headers": {"Authorization": {"secret":"ref-1"}}, "note": "${REDACTED} `);
    expect(scrubbedCopy('{"not": "secret"', known)).toBeNull();
  });
});
