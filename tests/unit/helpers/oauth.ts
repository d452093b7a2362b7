// Helpers for the sign-in tests: an in-memory AuthStorage (the pure parts' tests only; the app
// and the integration tests use the secret store), and the browser's part of a sign-in.
import type { AuthKey, AuthStorage, AuthValue } from '../../../src/main/auth/storage.js';
import { parseAuthValue, serializeAuthValue } from '../../../src/main/auth/storage.js';

/** Keeps entries as the secret store would: serialized text, read back through the schemas. */
export class MemoryAuthStorage implements AuthStorage {
  readonly entries = new Map<string, string>();
  /** Set to make every call reject, like a locked keyring. */
  failing: Error | null = null;

  async get<K extends AuthKey>(uuid: string, key: K): Promise<AuthValue<K> | undefined> {
    this.#check();
    const text = this.entries.get(`${uuid}/${key}`);
    return text === undefined ? undefined : parseAuthValue(key, text);
  }

  async set<K extends AuthKey>(uuid: string, key: K, value: AuthValue<K>): Promise<void> {
    this.#check();
    this.entries.set(`${uuid}/${key}`, serializeAuthValue(key, value));
  }

  async delete(uuid: string, key: AuthKey): Promise<void> {
    this.#check();
    this.entries.delete(`${uuid}/${key}`);
  }

  #check(): void {
    if (this.failing) throw this.failing;
  }
}

export interface BrowserVisit {
  /** The loopback callback's answer: the page the user would see last. */
  status: number;
  page: string;
  /** Every address the browser went through. */
  visited: string[];
}

/**
 * Plays the user's browser: opens the address, answers a consent page (Approve or Deny, as a
 * user clicks), and follows redirects to the app's loopback callback, whose page it returns.
 */
export async function visitSignIn(address: string, decision: 'approve' | 'deny' = 'approve'): Promise<BrowserVisit> {
  const visited: string[] = [];
  let next: { url: string; init?: RequestInit } | null = { url: address };
  for (let hop = 0; next && hop < 10; hop++) {
    visited.push(next.url);
    const response: Response = await fetch(next.url, { ...next.init, redirect: 'manual' });
    const location = response.headers.get('location');
    if (location) {
      await response.body?.cancel();
      next = { url: new URL(location, next.url).href };
      continue;
    }
    const page = await response.text();
    const consent = /name="consent" value="([^"]+)"/.exec(page)?.[1];
    if (!consent) return { status: response.status, page, visited };
    next = {
      url: new URL('/consent', next.url).href,
      init: { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ consent, decision }).toString() },
    };
  }
  throw new Error(`the sign-in did not reach the app's callback: ${visited.join(' -> ')}`);
}

/** A clock the tests move forward (token expiry) without waiting. */
export class TestClock {
  offsetMs = 0;
  readonly now = (): number => Date.now() + this.offsetMs;
  advance(ms: number): void {
    this.offsetMs += ms;
  }
}
