// The loopback listener, over real HTTP on 127.0.0.1: it exists only while a sign-in waits,
// accepts only the answer carrying its state, and falls back to another port when its own is taken.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { LoopbackRedirects } from '../../src/main/auth/loopback.js';

const loopbacks: LoopbackRedirects[] = [];
function listener(options: ConstructorParameters<typeof LoopbackRedirects>[0] = {}): LoopbackRedirects {
  const loopback = new LoopbackRedirects({ preferredPort: 0, ...options });
  loopbacks.push(loopback);
  return loopback;
}

afterEach(async () => {
  await Promise.all(loopbacks.splice(0).map((loopback) => loopback.close()));
});

/** A GET with node:http (fetch does not let a request set its own Host header). */
function get(url: string, headers: Record<string, string> = {}): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, text }));
    });
    request.on('error', reject);
  });
}

async function refused(url: string): Promise<boolean> {
  try {
    await fetch(url);
    return false;
  } catch {
    return true;
  }
}

describe('loopback redirect listener', () => {
  it('hands the code to the sign-in whose state it carries, answers the page it is given, and closes', async () => {
    const loopback = listener();
    const pending = await loopback.expect();
    expect(pending.redirectUri).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/callback$/);
    const answer = get(`${pending.redirectUri}?code=abc&state=${pending.state}`);
    expect(await pending.result).toEqual({ code: 'abc' });
    pending.finish({ ok: true, message: 'Signed in to "Remote".' });
    const page = await answer;
    expect(page.status).toBe(200);
    expect(page.text).toContain('You can close this tab.');
    expect(page.text).toContain('Signed in to &#34;Remote&#34;.');
    expect(loopback.port).toBeNull();
    expect(await refused(pending.redirectUri)).toBe(true);
  });

  it('refuses an answer with a wrong or missing state and keeps waiting for the right one', async () => {
    const loopback = listener();
    const pending = await loopback.expect();
    let settled = false;
    void pending.result.then(() => (settled = true), () => (settled = true));
    const wrong = await get(`${pending.redirectUri}?code=evil&state=not-the-state`);
    expect(wrong.status).toBe(400);
    expect(wrong.text).toContain('Nothing was changed');
    const missing = await get(`${pending.redirectUri}?code=evil`);
    expect(missing.status).toBe(400);
    expect(settled).toBe(false);
    const right = get(`${pending.redirectUri}?code=good&state=${pending.state}`);
    expect(await pending.result).toEqual({ code: 'good' });
    pending.finish({ ok: false, message: 'The token endpoint said no.' });
    expect((await right).status).toBe(400);
  });

  it('passes on an error the authorization server sent, such as access_denied', async () => {
    const loopback = listener();
    const pending = await loopback.expect();
    void get(`${pending.redirectUri}?error=access_denied&error_description=User+said+no&state=${pending.state}`);
    expect(await pending.result).toEqual({ error: 'access_denied', description: 'User said no' });
    pending.finish({ ok: false, message: 'Access was declined.' });
  });

  it("passes on the answer's iss as sent, decoded and not normalized, with a code or an error (RFC 9207)", async () => {
    const loopback = listener();
    const first = await loopback.expect();
    void get(`${first.redirectUri}?code=c&state=${first.state}&iss=${encodeURIComponent('https://as.example.com/')}`);
    expect(await first.result).toEqual({ code: 'c', iss: 'https://as.example.com/' });
    first.finish({ ok: true, message: 'ok.' });
    const second = await loopback.expect();
    void get(`${second.redirectUri}?error=access_denied&state=${second.state}&iss=https%3A%2F%2FAS.example.com`);
    expect(await second.result).toEqual({ error: 'access_denied', iss: 'https://AS.example.com' });
    second.finish({ ok: false, message: 'no.' });
  });

  it('gives up when the browser never comes back, and closes', async () => {
    const loopback = listener({ timeoutMs: 200 });
    const pending = await loopback.expect();
    await expect(pending.result).rejects.toThrow(/did not come back within/);
    expect(loopback.port).toBeNull();
  });

  it('answers nothing but the callback path on its own host name', async () => {
    const loopback = listener();
    const pending = await loopback.expect();
    const base = new URL(pending.redirectUri);
    expect((await get(`${base.origin}/other?state=${pending.state}&code=x`)).status).toBe(404);
    // A page reaching it under another name (DNS rebinding) gets nothing.
    expect((await get(`${pending.redirectUri}?state=${pending.state}&code=x`, { Host: `evil.example:${base.port}` })).status).toBe(404);
    pending.cancel(new Error('test over'));
    await expect(pending.result).rejects.toThrow('test over');
  });

  it('takes the registered port first, then the default one, then any free port', async () => {
    const blocker = http.createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', () => resolve()));
    const taken = (blocker.address() as AddressInfo).port;
    try {
      const loopback = listener({ preferredPort: taken });
      const pending = await loopback.expect({ port: taken });
      const port = Number(new URL(pending.redirectUri).port);
      expect(port).not.toBe(taken);
      expect(port).toBeGreaterThan(0);
      // Two sign-ins at once share the open listener.
      const second = await loopback.expect();
      expect(second.redirectUri).toBe(pending.redirectUri);
      expect(second.state).not.toBe(pending.state);
      pending.cancel(new Error('done'));
      second.cancel(new Error('done'));
      await Promise.allSettled([pending.result, second.result]);
    } finally {
      blocker.close();
    }
  });
});
