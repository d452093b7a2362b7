// The I/O edge of the registry: GET requests to its v0.1 API, each with a deadline and a size
// limit, the answers checked by schema.ts. A list entry the app cannot read is left
// out and counted, never the whole page.
import { messageOf } from '../../../types/errors.js';
import { RegistryNameSchema } from '../../../types/install.js';
import { describeAnswerProblems, NAME_RULE } from './answer-problems.js';
import type { ServerResponse } from './schema.js';
import { ServerListSchema, ServerResponseSchema } from './schema.js';

/** How long one request may take. */
export const REGISTRY_TIMEOUT_MS = 15_000;
/** The largest answer read (a page of 100 entries is well under 1 MB). */
export const MAX_REGISTRY_ANSWER_BYTES = 8_000_000;
/** Entries per search page. */
export const SEARCH_PAGE_SIZE = 30;

export class RegistryError extends Error {}

/** Throws RegistryError unless `name` is a registry server name (checked before it goes into an address). */
export function checkRegistryName(name: string): void {
  if (!RegistryNameSchema.safeParse(name).success) throw new RegistryError(`${JSON.stringify(name)} is not a registry server name: ${NAME_RULE}.`);
}

export interface RegistryPage {
  entries: ServerResponse[];
  nextCursor?: string;
  skipped: number;
}

/** `base` + `path`, keeping any path the base has (a company registry behind a prefix). */
function endpoint(base: string, path: string, query: Record<string, string | undefined> = {}): URL {
  const url = new URL(path, base.endsWith('/') ? base : `${base}/`);
  for (const [key, value] of Object.entries(query)) if (value !== undefined && value !== '') url.searchParams.set(key, value);
  return url;
}

async function readLimited(response: Response): Promise<string> {
  const declared = Number(response.headers.get('content-length') ?? '0');
  if (declared > MAX_REGISTRY_ANSWER_BYTES) throw new RegistryError(`the answer is larger than ${MAX_REGISTRY_ANSWER_BYTES} bytes`);
  if (!response.body) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_REGISTRY_ANSWER_BYTES) {
      await reader.cancel();
      throw new RegistryError(`the answer is larger than ${MAX_REGISTRY_ANSWER_BYTES} bytes`);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

export class RegistryClient {
  readonly base: string;
  readonly #fetch: typeof fetch;

  constructor(base: string, fetchImpl: typeof fetch = fetch) {
    this.base = base;
    this.#fetch = fetchImpl;
  }

  /** One search page: the latest version of each server whose name holds `query`. */
  async search(query: string, cursor?: string): Promise<RegistryPage> {
    const body = await this.#get(endpoint(this.base, 'v0.1/servers', { search: query.trim(), version: 'latest', limit: String(SEARCH_PAGE_SIZE), cursor }));
    return this.#page(body);
  }

  /** Every version of one server, as the registry orders them (newest first). */
  async versions(name: string): Promise<ServerResponse[]> {
    checkRegistryName(name);
    const body = await this.#get(endpoint(this.base, `v0.1/servers/${encodeURIComponent(name)}/versions`), name);
    return this.#page(body).entries;
  }

  /** One version of one server (`latest`: the newest). */
  async entry(name: string, version = 'latest'): Promise<ServerResponse> {
    checkRegistryName(name);
    const body = await this.#get(endpoint(this.base, `v0.1/servers/${encodeURIComponent(name)}/versions/${encodeURIComponent(version)}`), name, version);
    const what = `${name}${version === 'latest' ? '' : ` ${version}`}`;
    const parsed = ServerResponseSchema.safeParse(body);
    if (!parsed.success) throw new RegistryError(`The registry at ${this.base} sent an entry for ${what} that the app cannot use: ${describeAnswerProblems(parsed.error, body)}.`);
    // An answer about another server (or version) than the one asked for is not that server.
    const { server } = parsed.data;
    if (server.name !== name) throw new RegistryError(`The registry at ${this.base} answered a request for ${name} with an entry named ${JSON.stringify(server.name)}: it was not used.`);
    if (version !== 'latest' && server.version !== version) throw new RegistryError(`The registry at ${this.base} answered a request for ${name} ${version} with version ${JSON.stringify(server.version)}: it was not used.`);
    return parsed.data;
  }

  #page(body: unknown): RegistryPage {
    const list = ServerListSchema.safeParse(body);
    if (!list.success) throw new RegistryError(`The registry at ${this.base} answered with something that is not a server list: ${describeAnswerProblems(list.error, body)}.`);
    const entries: ServerResponse[] = [];
    let skipped = 0;
    for (const item of list.data.servers) {
      const parsed = ServerResponseSchema.safeParse(item);
      if (parsed.success) entries.push(parsed.data);
      else skipped++;
    }
    const nextCursor = list.data.metadata?.nextCursor ?? undefined;
    return { entries, skipped, ...(nextCursor ? { nextCursor } : {}) };
  }

  async #get(url: URL, name?: string, version?: string): Promise<unknown> {
    let response: Response;
    try {
      response = await this.#fetch(url, { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(REGISTRY_TIMEOUT_MS), redirect: 'follow' });
    } catch (error) {
      const cause = error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : '';
      throw new RegistryError(`The registry at ${this.base} could not be reached (${messageOf(error)}${cause}).`, { cause: error });
    }
    if (response.status === 404 && name !== undefined) {
      await response.body?.cancel();
      throw new RegistryError(`The registry at ${this.base} has no server "${name}"${version && version !== 'latest' ? ` in version ${version}` : ''}.`);
    }
    if (!response.ok) {
      await response.body?.cancel();
      throw new RegistryError(`The registry at ${this.base} answered ${response.status} ${response.statusText}.`);
    }
    let text: string;
    try {
      text = await readLimited(response);
    } catch (error) {
      throw new RegistryError(`The registry at ${this.base} sent an answer the app could not read: ${messageOf(error)}.`, { cause: error });
    }
    try {
      return JSON.parse(text) as unknown;
    } catch {
      throw new RegistryError(`The registry at ${this.base} answered with something that is not JSON.`);
    }
  }
}
