// URL-mode elicitation against a real fixture server over Streamable HTTP: the server asks the
// user to open a URL; the app shows it whole (its host apart, warnings for look-alike names),
// never fetches it, hands it to the system browser only on an accept, and waits until the server
// says the user finished there. Other schemes and URLs too long to check are refused with a
// reason. A call that fails with -32042 is shown the same way and tried again. The tests play the
// user's browser by loading the page the fixture serves for the URL (`/visit/<id>`).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Core } from '../../src/main/core.js';
import { startCore } from '../../src/main/core.js';
import type { IpcServer } from '../../src/main/ipc.js';
import { createIpcServer } from '../../src/main/ipc.js';
import type { Mcp } from '../../src/main/mcp.js';
import type { AnyElicitationRequest, UrlElicitationRequest } from '../../src/main/mcp/elicitation/router.js';
import { MAX_URL_LENGTH, mixedScripts, readUrl } from '../../src/main/mcp/elicitation/url.js';
import { DECLINE_REASON_META_KEY } from '../../src/main/mcp/connection/client-requests.js';
import { startModernHttp } from '../fixtures/modern-launch.js';
import type { ElicitationPrompt } from '../../src/types/elicitation.js';
import { APPROVED, removeTempDirs, seedStore, serve, startMcp, stopServed, tempDir, text, urlEntry, waitFor } from './helpers/mcp-env.js';

const modern: Array<{ stop: () => Promise<void> }> = [];
afterAll(async () => {
  await Promise.all(modern.map((server) => server.stop()));
  await stopServed();
  removeTempDirs();
});

const parsed = (result: unknown): Record<string, unknown> => JSON.parse(text(result)) as Record<string, unknown>;

describe('reading a URL request', () => {
  it('splits the URL around its host and keeps all of it', () => {
    expect(readUrl('https://accounts.example.com:8443/connect?state=abc#x')).toEqual({
      href: 'https://accounts.example.com:8443/connect?state=abc#x',
      before: 'https://',
      host: 'accounts.example.com:8443',
      after: '/connect?state=abc#x',
      warnings: [],
    });
  });

  it('refuses every scheme but http and https, saying which', () => {
    expect(readUrl('javascript:alert(1)')).toEqual({ problem: 'only http and https URLs are opened, and this one is "javascript:"' });
    for (const url of ['file:///etc/passwd', 'data:text/html,<b>x</b>', 'ftp://example.com/a', 'mcp-app://x']) expect(readUrl(url)).toHaveProperty('problem');
    expect(readUrl('not a url')).toEqual({ problem: 'the URL does not parse' });
  });

  it('refuses a URL of 100 KB: too long for a person to check, and never cut', () => {
    const long = `https://example.com/?q=${'a'.repeat(100 * 1024)}`;
    expect(readUrl(long)).toEqual({ problem: `the URL is ${long.length.toLocaleString('en-US')} characters long; at most ${MAX_URL_LENGTH.toLocaleString('en-US')} are shown for a person to check` });
  });

  it('warns about Punycode and letters of mixed alphabets, and shows the name in Unicode', () => {
    const read = readUrl('https://аррӏе.com/login');
    if ('problem' in read) throw new Error(read.problem);
    expect(read.host).toBe('xn--80ak6aa92e.com');
    expect(read.hostUnicode).toBe('аррӏе.com');
    expect(read.warnings[0]).toMatch(/Punycode \(xn--80ak6aa92e\.com\).*"аррӏе\.com"/);
    const mixed = readUrl('https://pаypal.com/');
    if ('problem' in mixed) throw new Error(mixed.problem);
    expect(mixed.warnings).toContainEqual(expect.stringMatching(/"pаypal" mixes letters of different alphabets \(Latin, Cyrillic\)/));
    expect(mixedScripts('例え')).toBeNull();
    expect(mixedScripts('東京tokyo')).toBeNull();
    expect(mixedScripts('gооgle')).toEqual(['Latin', 'Cyrillic']);
  });

  it('warns about a user name before an @, a bare IP address and plain http', () => {
    const read = readUrl('http://www.bank.com@198.51.100.7/login');
    if ('problem' in read) throw new Error(read.problem);
    expect(read).toMatchObject({ before: 'http://www.bank.com@', host: '198.51.100.7', after: '/login' });
    expect(read.warnings).toEqual([
      expect.stringMatching(/user name before an @: the site it opens is 198\.51\.100\.7/),
      'The address is a bare IP address, not a site name.',
      expect.stringMatching(/not encrypted/),
    ]);
  });
});

describe('URL requests through the manager', () => {
  let mcp: Mcp;
  let logs: string[];
  let base: string;

  beforeAll(async () => {
    const server = await serve({ id: 'linker', transport: 'http', tools: ['open_url', 'needs_url'] });
    base = server.url.replace(/\/mcp$/, '');
    ({ mcp, logs } = await startMcp(tempDir(), [urlEntry('linker', 'Linker', 'http', server.url)]));
  });

  /** The user's browser, loading the page a URL request names: what completes it. */
  const visit = async (url: string): Promise<void> => {
    expect((await fetch(url)).status).toBe(200);
  };

  it('gives the caller the whole URL; an accept reaches the server, and the wait ends when the server hears the page was visited', async () => {
    const asked: UrlElicitationRequest[] = [];
    const result = await mcp.callTool('open_url', { elicitationId: 'e1', waitForVisit: true, message: 'Sign in to Linker' }, {
      ...APPROVED,
      elicit: async (request) => {
        if (request.mode !== 'url') throw new Error('expected a URL request');
        asked.push(request);
        // The browser opens it once the app has its yes.
        setTimeout(() => void visit(request.url.href), 50);
        return { action: 'accept', content: {} };
      },
    });
    expect(parsed(result)).toEqual({ answer: { action: 'accept' }, visited: true });
    const [request] = asked as [UrlElicitationRequest];
    expect(request).toMatchObject({ mode: 'url', tool: 'open_url', elicitationId: 'e1', message: 'Sign in to Linker', retry: false });
    expect(request.url).toMatchObject({ href: `${base}/visit/e1`, before: 'http://', host: base.slice('http://'.length), after: '/visit/e1' });
    expect(request.done.aborted).toBe(true);
    expect(request.done.reason).toBe('completed');
  });

  it('decline and cancel go back as they are; no caller declines', async () => {
    const answer = (action: 'decline' | 'cancel') => async (): Promise<{ action: typeof action }> => ({ action });
    expect(parsed(await mcp.callTool('open_url', {}, { ...APPROVED, elicit: answer('decline') }))).toMatchObject({ answer: { action: 'decline' } });
    expect(parsed(await mcp.callTool('open_url', {}, { ...APPROVED, elicit: answer('cancel') }))).toMatchObject({ answer: { action: 'cancel' } });
    expect(parsed(await mcp.callTool('open_url', {}, APPROVED))).toMatchObject({ answer: { action: 'decline' } });
  });

  it('refuses a javascript: URL and a URL of 100 KB with a reason the server gets, asks nobody, and logs it', async () => {
    let asked = 0;
    const elicit = async (): Promise<{ action: 'accept'; content: Record<string, never> }> => {
      asked++;
      return { action: 'accept', content: {} };
    };
    const script = await mcp.callTool('open_url', { url: 'javascript:alert(document.cookie)' }, { ...APPROVED, elicit });
    expect(text(script)).toBe('refused: MCP error -32602: URL elicitation refused: only http and https URLs are opened, and this one is "javascript:"');
    const huge = await mcp.callTool('open_url', { url: `https://example.com/${'x'.repeat(100 * 1024)}` }, { ...APPROVED, elicit });
    expect(text(huge)).toMatch(/refused: MCP error -32602: URL elicitation refused: the URL is 102,4\d\d characters long/);
    expect(asked).toBe(0);
    expect(logs).toContainEqual(expect.stringMatching(/^Linker asked for a URL to be opened; refused: only http and https/));
  });

  it('a call that fails with -32042 shows the URL, and is tried again once the page was visited', async () => {
    const requests: AnyElicitationRequest[] = [];
    const result = await mcp.callTool('needs_url', { elicitationId: 'connect-1' }, {
      ...APPROVED,
      elicit: async (request) => {
        requests.push(request);
        if (request.mode === 'url') setTimeout(() => void visit(request.url.href), 50);
        return { action: 'accept', content: {} };
      },
    });
    expect(parsed(result)).toEqual({ done: 'connect-1' });
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({ mode: 'url', retry: true, elicitationId: 'connect-1', message: 'Connect your account first' });
  });

  it('-32042 declined, or waited on and stopped, fails the call saying why; without a caller it fails as the server said', async () => {
    await expect(mcp.callTool('needs_url', { elicitationId: 'connect-2' }, { ...APPROVED, elicit: async () => ({ action: 'decline' }) }))
      .rejects.toThrow(/"needs_url".*Linker needs 127\.0\.0\.1:\d+ opened first, and you declined/);
    await expect(mcp.callTool('needs_url', { elicitationId: 'connect-2' }, {
      ...APPROVED,
      elicit: async (request) => {
        if (request.mode === 'url') setTimeout(() => request.finish('stop'), 20);
        return { action: 'accept', content: {} };
      },
    })).rejects.toThrow(/you stopped waiting for 127\.0\.0\.1/);
    await expect(mcp.callTool('needs_url', { elicitationId: 'connect-2' }, APPROVED)).rejects.toThrow(/MCP error -32042/);
  });

  it('cancelling a call that waits after a -32042 ends the wait, and the call fails with the caller\'s reason', async () => {
    const controller = new AbortController();
    let done: AbortSignal | undefined;
    const call = mcp.callTool('needs_url', { elicitationId: 'cancelled-wait' }, {
      ...APPROVED,
      signal: controller.signal,
      elicit: async (request) => {
        if (request.mode === 'url') done = request.done;
        setTimeout(() => controller.abort('Cancelled by the user'), 20);
        return { action: 'accept', content: {} };
      },
    });
    await expect(call).rejects.toThrow(/Cancelled by the user/);
    expect(done?.aborted).toBe(true);
    expect(done?.reason).toBe('ended');
  });

  it('"retry now" tries again without the server\'s word; a server that keeps asking is tried at most three times', async () => {
    let asked = 0;
    await expect(mcp.callTool('needs_url', { elicitationId: 'never-visited' }, {
      ...APPROVED,
      elicit: async (request) => {
        asked++;
        if (request.mode === 'url') setTimeout(() => request.finish('retry'), 20);
        return { action: 'accept', content: {} };
      },
    })).rejects.toThrow(/MCP error -32042/);
    expect(asked).toBe(2);
  });
});

describe('URL requests of a 2026-07-28 server (an input request of a multi round-trip call)', () => {
  let mcp: Mcp;
  let logs: string[];

  beforeAll(async () => {
    const http = await startModernHttp();
    modern.push(http);
    ({ mcp, logs } = await startMcp(tempDir(), [urlEntry('rounds', 'Rounds', 'http', http.url)]));
  });

  it('a URL the app refuses is declined with the reason, which the server gets; the call goes on and nobody is asked', async () => {
    let asked = 0;
    const elicit = async (): Promise<{ action: 'accept'; content: Record<string, never> }> => (asked++, { action: 'accept', content: {} });
    const answered = parsed(await mcp.callTool('open_url', { url: 'javascript:alert(document.cookie)' }, { ...APPROVED, elicit }));
    expect(answered).toEqual({ action: 'decline', _meta: { [DECLINE_REASON_META_KEY]: 'URL elicitation refused: only http and https URLs are opened, and this one is "javascript:"' } });
    const huge = parsed(await mcp.callTool('open_url', { url: `https://example.com/${'x'.repeat(100 * 1024)}` }, { ...APPROVED, elicit }));
    expect(huge).toMatchObject({ action: 'decline', _meta: { [DECLINE_REASON_META_KEY]: expect.stringMatching(/^URL elicitation refused: the URL is 102,4\d\d characters long/) } });
    expect(asked).toBe(0);
    expect(logs).toContainEqual(expect.stringMatching(/^Rounds asked for a URL to be opened; refused: only http and https/));
    // A URL it does show goes to the caller as at 2025-11-25, and the answer reaches the server as given.
    expect(parsed(await mcp.callTool('open_url', { url: 'https://example.com/sign-in' }, { ...APPROVED, elicit }))).toEqual({ action: 'accept' });
    expect(asked).toBe(1);
  });
});

describe('URL requests through IPC', () => {
  let core: Core;
  const opened: string[] = [];
  const prompts: ElicitationPrompt[] = [];
  const ended: string[] = [];
  let ipc: IpcServer;
  let pageOpens: IpcServer;

  beforeAll(async () => {
    const server = await serve({ id: 'linker', transport: 'http', tools: ['open_url', 'needs_url'] });
    const dir = tempDir();
    seedStore(dir, [urlEntry('linker', 'Linker', 'http', server.url, { defaultPolicy: 'allow' })]);
    core = await startCore({ userDataDir: dir, host: 'web', log: () => undefined });
    // Electron: main hands the URL to the system browser, which here loads it.
    ipc = createIpcServer(core, { kind: 'electron', userDataDir: dir, openExternal: (url) => { opened.push(url); void fetch(url); } });
    // The browser host: the page opens it in a new tab itself.
    pageOpens = createIpcServer(core, { kind: 'web', userDataDir: dir });
    for (const served of [ipc, pageOpens]) {
      served.on('elicitation', (prompt) => void prompts.push(prompt));
      served.on('elicitationEnded', ({ requestId }) => void ended.push(requestId));
    }
  });

  afterAll(async () => {
    await core.close();
  });

  it('the page gets the URL split for showing; an accept opens it in the system browser; the dialog ends when the server hears', async () => {
    const call = ipc.invoke('callTool', { name: 'open_url', args: { elicitationId: 'ipc-1', waitForVisit: true }, callId: 'c-url' });
    await waitFor('the URL prompt', () => prompts.some((p) => p.callId === 'c-url'));
    const prompt = prompts.find((p) => p.callId === 'c-url')!;
    if (prompt.mode !== 'url') throw new Error('expected a URL prompt');
    expect(prompt).toMatchObject({ serverLabel: 'Linker', tool: 'open_url', retry: false, url: { before: 'http://', after: '/visit/ipc-1' } });
    expect(await ipc.invoke('answerElicitation', { requestId: prompt.requestId, action: 'accept' })).toEqual({ done: true, problems: [] });
    expect(opened).toEqual([prompt.url.href]);
    expect(parsed(await call)).toEqual({ answer: { action: 'accept' }, visited: true });
    await waitFor('the dialog to end', () => ended.includes(prompt.requestId));
  });

  it('without a system browser the page is told to open the URL; "retry now" ends the wait of a -32042 call', async () => {
    const call = pageOpens.invoke('callTool', { name: 'needs_url', args: { elicitationId: 'ipc-2' }, callId: 'c-required' });
    await waitFor('the URL prompt', () => prompts.some((p) => p.callId === 'c-required'));
    const prompt = prompts.find((p) => p.callId === 'c-required')!;
    if (prompt.mode !== 'url') throw new Error('expected a URL prompt');
    expect(prompt.retry).toBe(true);
    expect(await pageOpens.invoke('answerElicitation', { requestId: prompt.requestId, action: 'accept' })).toEqual({ done: true, problems: [], open: prompt.url.href });
    expect(ended).not.toContain(prompt.requestId);
    // The user finishes in the tab the page opened, then says so.
    await fetch(prompt.url.href);
    await pageOpens.invoke('finishUrlElicitation', { requestId: prompt.requestId, action: 'retry' }).catch(() => undefined);
    expect(parsed(await call)).toEqual({ done: 'ipc-2' });
    await waitFor('the dialog to end', () => ended.includes(prompt.requestId));
    await expect(pageOpens.invoke('finishUrlElicitation', { requestId: prompt.requestId, action: 'stop' })).rejects.toThrow(/Nothing is waiting for this URL any more/);
  });

  it('the contract refuses an unknown wait action', async () => {
    await expect(ipc.invoke('finishUrlElicitation', { requestId: 'x', action: 'open' })).rejects.toThrow(/Invalid input for "finishUrlElicitation"/);
  });
});
