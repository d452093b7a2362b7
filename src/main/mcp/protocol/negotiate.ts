// Which revision a server speaks, asked before the SDK's client connects: `server/discover`
// carrying the 2026-07-28 metadata (spec: basic/versioning, "Backward Compatibility"). A discover
// result offering 2026-07-28 makes the server modern; an UnsupportedProtocolVersion error naming
// a revision the app speaks is tried once more with it; any other error, no answer in time, or a
// process that closed means a server of the `initialize` era. The probe uses the transport raw,
// with an id the SDK's client never uses, and leaves it started and free of handlers.
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage, ServerCapabilities, Implementation } from '@modelcontextprotocol/sdk/types.js';
import { isRecord } from '../../../types/json.js';
import type { Envelope } from './envelope.js';
import { envelopeMeta } from './envelope.js';
import { HttpStatusError } from './http-status-error.js';
import { isModernErrorCode, LEGACY_REVISIONS, META_KEYS, MODERN_ERRORS, MODERN_REVISIONS } from './revisions.js';

export interface Discovered {
  revision: string;
  capabilities: ServerCapabilities;
  serverInfo?: Implementation;
  instructions?: string;
}

export type Verdict =
  | { era: 'modern'; discovered: Discovered }
  /** `closed`: the process ended on the probe (some older servers do): start a fresh one. */
  | { era: 'legacy'; reason: string; closed?: boolean };

const PROBE_ID = 'server/discover';

type Reply = { result: Record<string, unknown> } | { error: { code: unknown; message: unknown; data?: unknown } } | { timeout: true } | { closed: true } | { failed: unknown };

/** Sends one discover and waits for its answer. */
function exchange(transport: Transport, id: string, envelope: Envelope, timeoutMs: number): Promise<Reply> {
  return new Promise<Reply>((resolve) => {
    const timer = setTimeout(() => resolve({ timeout: true }), timeoutMs);
    const settle = (reply: Reply): void => {
      clearTimeout(timer);
      resolve(reply);
    };
    transport.onmessage = (message: JSONRPCMessage) => {
      const answer: Record<string, unknown> = message;
      if (answer.id !== id) return;
      if (isRecord(answer.result)) settle({ result: answer.result });
      else if (isRecord(answer.error)) settle({ error: answer.error as { code: unknown; message: unknown } });
    };
    transport.onclose = () => settle({ closed: true });
    transport.onerror = () => undefined;
    transport.send({ jsonrpc: '2.0', id, method: 'server/discover', params: { _meta: envelopeMeta(envelope) } }).catch((error: unknown) => settle({ failed: error }));
  });
}

/** The verdict on one server; throws for what is no verdict (a network failure, a sign-in, a modern server refusing us). */
export async function negotiate(transport: Transport, envelope: Omit<Envelope, 'revision'>, timeoutMs: number): Promise<Verdict> {
  await transport.start();
  let revision = MODERN_REVISIONS[0]!;
  try {
    for (let attempt = 1; ; attempt++) {
      const reply = await exchange(transport, `${PROBE_ID}#${attempt}`, { ...envelope, revision }, timeoutMs);
      if ('result' in reply) return discovered(reply.result);
      if ('timeout' in reply) return { era: 'legacy', reason: `no answer to server/discover within ${timeoutMs / 1000} s` };
      if ('closed' in reply) return { era: 'legacy', reason: 'the server closed on server/discover', closed: true };
      if ('failed' in reply) {
        // Over HTTP: a 4xx without a 2026-07-28 error in its body is an older server; the rest is no verdict.
        if (reply.failed instanceof HttpStatusError && reply.failed.status >= 400 && reply.failed.status < 500 && reply.failed.status !== 401 && reply.failed.status !== 403) {
          return { era: 'legacy', reason: `server/discover answered HTTP ${reply.failed.status}` };
        }
        throw reply.failed;
      }
      const { code, data } = reply.error;
      if (code === MODERN_ERRORS.unsupportedProtocolVersion) {
        const supported = isRecord(data) && Array.isArray(data.supported) ? data.supported.filter((v): v is string => typeof v === 'string') : [];
        const modern = MODERN_REVISIONS.find((v) => supported.includes(v));
        if (modern && attempt === 1) {
          revision = modern;
          continue;
        }
        if (!modern && supported.some((v) => LEGACY_REVISIONS.includes(v))) return { era: 'legacy', reason: `the server speaks ${supported.join(', ')}` };
        throw new Error(`the server speaks protocol revisions ${supported.join(', ') || '(none named)'}, none the app knows (${[...MODERN_REVISIONS, ...LEGACY_REVISIONS].join(', ')})`);
      }
      if (isModernErrorCode(code)) throw new Error(`the server refused server/discover: ${String(reply.error.message)} (${String(code)})`);
      return { era: 'legacy', reason: `server/discover failed: ${String(reply.error.message).slice(0, 200)}` };
    }
  } finally {
    transport.onmessage = undefined;
    transport.onclose = undefined;
    transport.onerror = undefined;
  }
}

function discovered(result: Record<string, unknown>): Verdict {
  // An answer that is no discover result (a server that answers anything with `{}`) is no modern server's.
  if (!Array.isArray(result.supportedVersions)) return { era: 'legacy', reason: 'server/discover did not answer with a discover result' };
  const versions = result.supportedVersions.filter((v): v is string => typeof v === 'string');
  const revision = MODERN_REVISIONS.find((v) => versions.includes(v));
  if (!revision) {
    if (versions.some((v) => LEGACY_REVISIONS.includes(v))) return { era: 'legacy', reason: `server/discover offers ${versions.join(', ')}` };
    throw new Error(`the server offers protocol revisions ${versions.join(', ') || '(none)'}, none the app knows`);
  }
  const meta = isRecord(result._meta) ? result._meta : {};
  const info = meta[META_KEYS.serverInfo] ?? result.serverInfo;
  return {
    era: 'modern',
    discovered: {
      revision,
      capabilities: isRecord(result.capabilities) ? (result.capabilities as ServerCapabilities) : {},
      ...(isRecord(info) && typeof info.name === 'string' && typeof info.version === 'string' ? { serverInfo: info as Implementation } : {}),
      ...(typeof result.instructions === 'string' ? { instructions: result.instructions } : {}),
    },
  };
}
