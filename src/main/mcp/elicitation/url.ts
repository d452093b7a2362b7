// A URL-mode elicitation (`elicitation/create` with `mode: "url"`, and each entry of a -32042
// error): read from what a server sent, refused unless it is an http or https URL a person can
// check, and split so the screen can set its host apart, with warnings for what is often used to
// pass one site off as another. Pure: the app never fetches the URL; the user opens it in the
// system browser, or does not.
import { domainToUnicode } from 'node:url';
import { ElicitRequestURLParamsSchema } from '@modelcontextprotocol/sdk/types.js';
import type { ElicitationUrl } from '../../../types/elicitation.js';

/**
 * Longer than any address a person can read before opening it (browsers take far more; a login
 * or payment link is a few hundred characters). A longer URL is refused, never cut: the user must
 * see all of what would be opened.
 */
export const MAX_URL_LENGTH = 8_192;
const MAX_MESSAGE_LENGTH = 10_000;
const MAX_ID_LENGTH = 1_000;

export interface UrlElicitation {
  message: string;
  /** The server's id for it, named again by its `notifications/elicitation/complete`. */
  elicitationId: string;
  url: ElicitationUrl;
}

/** The request, or why it is refused (the server is told the reason). */
export function readUrlElicitation(params: unknown): UrlElicitation | { problem: string } {
  const parsed = ElicitRequestURLParamsSchema.safeParse(params);
  if (!parsed.success) return { problem: 'it is not a URL request of the MCP spec (a message, an elicitationId and a url)' };
  const { message, elicitationId, url } = parsed.data;
  if (elicitationId.length > MAX_ID_LENGTH) return { problem: `its elicitationId is ${elicitationId.length} characters long, more than ${MAX_ID_LENGTH}` };
  const read = readUrl(url);
  if ('problem' in read) return read;
  return { message: message.slice(0, MAX_MESSAGE_LENGTH), elicitationId, url: read };
}

/** An http or https URL split around its host, with its warnings; or why it is refused. */
export function readUrl(text: string): ElicitationUrl | { problem: string } {
  if (text.length > MAX_URL_LENGTH) {
    return { problem: `the URL is ${text.length.toLocaleString('en-US')} characters long; at most ${MAX_URL_LENGTH.toLocaleString('en-US')} are shown for a person to check` };
  }
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { problem: 'the URL does not parse' };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return { problem: `only http and https URLs are opened, and this one is ${JSON.stringify(url.protocol.slice(0, 40))}` };
  }
  const href = url.href;
  if (href.length > MAX_URL_LENGTH) return { problem: `the URL is ${href.length.toLocaleString('en-US')} characters long once written out; at most ${MAX_URL_LENGTH.toLocaleString('en-US')}` };
  const userinfo = url.username || url.password ? `${url.username}${url.password ? `:${url.password}` : ''}@` : '';
  const before = `${url.protocol}//${userinfo}`;
  // The WHATWG parser writes href as protocol, "//", userinfo, host, then the rest.
  if (!href.startsWith(before + url.host)) return { problem: 'the URL could not be split around its host' };
  const after = href.slice(before.length + url.host.length);
  const unicode = url.hostname.split('.').some((label) => label.startsWith('xn--')) ? domainToUnicode(url.hostname) : '';
  const hostUnicode = unicode && unicode !== url.hostname ? unicode : undefined;
  return {
    href,
    before,
    host: url.host,
    after,
    ...(hostUnicode ? { hostUnicode } : {}),
    warnings: warningsOf(url, hostUnicode),
  };
}

/** Scripts that are written together in one word (Japanese mixes Han and kana; Korean, Han and Hangul). */
const SCRIPTS = ['Latin', 'Cyrillic', 'Greek', 'Armenian', 'Hebrew', 'Arabic', 'Devanagari', 'Thai', 'Han', 'Hiragana', 'Katakana', 'Hangul', 'Georgian', 'Cherokee'] as const;
const SCRIPT_TESTS = SCRIPTS.map((script) => ({ script, test: new RegExp(`\\p{Script=${script}}`, 'u') }));
const WRITTEN_TOGETHER: ReadonlyArray<ReadonlySet<string>> = [new Set(['Han', 'Hiragana', 'Katakana', 'Latin']), new Set(['Han', 'Hangul', 'Latin']), new Set(['Han', 'Latin'])];

/** The scripts of one label's letters, when they do not belong together; else null. */
export function mixedScripts(label: string): string[] | null {
  const found = new Set<string>();
  for (const char of label) {
    const hit = SCRIPT_TESTS.find(({ test }) => test.test(char));
    if (hit) found.add(hit.script);
    else if (/\p{L}/u.test(char)) found.add('other');
  }
  if (found.size < 2) return null;
  const together = WRITTEN_TOGETHER.some((allowed) => [...found].every((script) => allowed.has(script)));
  return together ? null : [...found];
}

function warningsOf(url: URL, hostUnicode: string | undefined): string[] {
  const warnings: string[] = [];
  if (hostUnicode) {
    warnings.push(`The site's name is written in Punycode (${url.hostname}), which reads as "${hostUnicode}". Letters of other alphabets can look like the ones you know: make sure it is the site you expect.`);
    for (const label of hostUnicode.split('.')) {
      const scripts = mixedScripts(label);
      if (scripts) warnings.push(`"${label}" mixes letters of different alphabets (${scripts.join(', ')}), a common way to imitate another site's name.`);
    }
  }
  if (url.username || url.password) warnings.push(`The address holds a user name before an @: the site it opens is ${url.host}, not what comes before the @.`);
  if (/^\[.*\]$|^\d{1,3}(\.\d{1,3}){3}$/.test(url.hostname)) warnings.push('The address is a bare IP address, not a site name.');
  if (url.protocol === 'http:') warnings.push('The address is not encrypted (http, not https): do not enter passwords or payment details there.');
  return warnings;
}
