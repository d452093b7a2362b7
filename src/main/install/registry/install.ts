// Adding a server from an MCP registry (issue 34, part 1): search, one entry's preview, add, and
// the updates the registry offers for servers added from it. The registry's address is the
// settings' `registryUrl` (the official registry when unset), or one given for a single request.
import type { EnteredValue, McpServer, ServerSettingsInput, ServerSource } from '../../../types/config.js';
import { OFFICIAL_REGISTRY_URL } from '../../../types/config.js';
import type { InstallField, InstallResult, InstallValues, RegistryPreview, RegistrySearchResult, UpdateOffer } from '../../../types/install.js';
import { isSecretRef } from '../../../types/secrets.js';
import { messageOf } from '../../../types/errors.js';
import type { InstallContext } from '../context.js';
import { installedAs, keptSettings, recordSource } from '../context.js';
import { RegistryClient } from './client.js';
import { firstSupported, registryOptions, registrySettings, suggestedLabel } from './plan.js';
import type { ServerResponse } from './schema.js';
import { officialMeta } from './schema.js';
import { InstallProblemError } from '../values.js';

export interface RegistryAddRequest {
  name: string;
  version?: string;
  /** Which package or remote (RegistryOption.index); the first the app can run when unset. */
  option?: number;
  values: InstallValues;
  label?: string;
  registry?: string;
  /** Update this server (added from the same entry) instead of adding one. */
  update?: string;
}

export class RegistryInstalls {
  readonly #context: InstallContext;

  constructor(context: InstallContext) {
    this.#context = context;
  }

  /** The registry a request uses: the one it names, else the settings', else the official one. */
  registryFor(given?: string): string {
    return given ?? this.#context.store.config.registryUrl ?? OFFICIAL_REGISTRY_URL;
  }

  #client(registry: string): RegistryClient {
    return new RegistryClient(registry, this.#context.fetch);
  }

  /** A server added from `name` at `registry`, if any (the first in config order). */
  #installed(registry: string, name: string): McpServer | undefined {
    return this.#context.store.config.mcp.servers.find((server) => server.source && 'registry' in server.source && sameRegistry(server.source.registry, registry) && server.source.name === name);
  }

  async search(query: string, cursor?: string, registry?: string): Promise<RegistrySearchResult> {
    const base = this.registryFor(registry);
    const page = await this.#client(base).search(query, cursor);
    const servers = page.entries.map((entry) => {
      const { server } = entry;
      const installed = installedAs(this.#installed(base, server.name));
      return {
        name: server.name,
        ...(server.title ? { title: server.title } : {}),
        description: server.description,
        version: server.version,
        ...(officialMeta(entry)?.status ? { status: officialMeta(entry)!.status } : {}),
        kinds: [...new Set([...(server.packages ?? []).map((pkg) => pkg.registryType), ...((server.remotes ?? []).length > 0 ? ['remote'] : [])])],
        ...(server.websiteUrl ? { websiteUrl: server.websiteUrl } : {}),
        ...(server.repository?.url ? { repositoryUrl: server.repository.url } : {}),
        ...(installed ? { installed } : {}),
      };
    });
    return { registry: base, servers, skipped: page.skipped, ...(page.nextCursor ? { nextCursor: page.nextCursor } : {}) };
  }

  /** One version of an entry (the latest when unset), its ways to run, their forms, and its versions. */
  async preview(name: string, version?: string, registry?: string): Promise<RegistryPreview> {
    const base = this.registryFor(registry);
    const client = this.#client(base);
    const [entry, versions] = await Promise.all([client.entry(name, version ?? 'latest'), client.versions(name).catch(() => [] as ServerResponse[])]);
    const { server } = entry;
    const installed = this.#installed(base, name);
    const meta = officialMeta(entry);
    const options = registryOptions(server);
    if (installed) {
      const saved = await this.#savedValues(installed);
      for (const option of options) option.fields = option.fields.map((field) => withSaved(field, saved));
    }
    return {
      registry: base,
      name: server.name,
      ...(server.title ? { title: server.title } : {}),
      description: server.description,
      version: server.version,
      versions: [...new Set(versions.map((item) => item.server.version))],
      ...(meta?.status ? { status: meta.status } : {}),
      ...(meta?.statusMessage ? { statusMessage: meta.statusMessage } : {}),
      ...(server.websiteUrl ? { websiteUrl: server.websiteUrl } : {}),
      ...(server.repository?.url ? { repositoryUrl: server.repository.url } : {}),
      label: installed?.label ?? suggestedLabel(server),
      options,
      ...(installed ? { installed: installedAs(installed)! } : {}),
    };
  }

  /** Adds (or updates) a server from one version of an entry; throws InstallProblemError with what to fix. */
  async add(request: RegistryAddRequest): Promise<InstallResult> {
    const base = this.registryFor(request.registry);
    const entry = await this.#client(base).entry(request.name, request.version ?? 'latest');
    const { server: detail } = entry;
    const option = request.option ?? firstSupported(detail);
    if (option === undefined) throw new InstallProblemError(registryOptions(detail).map((item) => ({ message: `${item.label}: ${item.unsupported ?? ''}` })).concat([{ message: `The app has no way to run ${detail.name}.` }]));
    const previous = request.update === undefined ? undefined : this.#context.store.config.mcp.servers.find((server) => server.uuid === request.update);
    if (request.update !== undefined && !previous) throw new Error(`No MCP server with id "${request.update}".`);
    const saved = previous ? await this.#savedValues(previous) : new Map<string, SavedValue>();
    const savedSecrets = new Set([...saved].filter(([, value]) => value.secret).map(([id]) => id));
    const label = (request.label ?? previous?.label ?? suggestedLabel(detail)).trim() || suggestedLabel(detail);
    const planned = registrySettings(detail, option, request.values, label, savedSecrets);
    if ('problems' in planned) throw new InstallProblemError(planned.problems);
    const source: ServerSource = { registry: base, name: detail.name, version: detail.version };
    if (!previous) {
      const added = await this.#context.servers.addServer(planned.settings);
      return { server: recordSource(this.#context.store, added.uuid, source), updated: false };
    }
    const settings: ServerSettingsInput = { ...keptSettings(previous), ...planned.settings, ...keepSecrets(planned.settings, previous, savedSecrets, request.values) };
    await this.#context.servers.updateServer(previous.uuid, settings);
    return { server: recordSource(this.#context.store, previous.uuid, source), updated: true };
  }

  /** Servers added from a registry whose registry now has another latest version. */
  async updates(): Promise<UpdateOffer[]> {
    const added = this.#context.store.config.mcp.servers.flatMap((server) => (server.source && 'registry' in server.source ? [{ uuid: server.uuid, source: server.source }] : []));
    const offers = await Promise.all(added.map(async ({ uuid, source }) => {
      try {
        const latest = (await this.#client(source.registry).entry(source.name, 'latest')).server.version;
        return latest !== source.version ? [{ uuid, name: source.name, installed: source.version, latest }] : [];
      } catch (error) {
        this.#context.log(`Checking ${source.name} for updates failed: ${messageOf(error)}`);
        return [];
      }
    }));
    return offers.flat();
  }

  /** What an installed server holds per env variable and header: text, or a saved secret. */
  async #savedValues(server: McpServer): Promise<Map<string, SavedValue>> {
    const saved = new Map<string, SavedValue>();
    for (const [name, value] of [...Object.entries(server.env ?? {}), ...Object.entries(server.headers ?? {})]) {
      saved.set(name, isSecretRef(value) ? { secret: true } : { secret: false, text: value });
    }
    return saved;
  }
}

interface SavedValue { secret: boolean; text?: string }

function withSaved(field: InstallField, saved: ReadonlyMap<string, SavedValue>): InstallField {
  const value = saved.get(field.id);
  if (!value || !field.where.some((where) => where.startsWith('environment variable') || where.startsWith('header'))) return field;
  return value.secret ? { ...field, saved: true } : { ...field, value: value.text };
}

/**
 * An update keeps each saved secret the user left empty: the env variable or header keeps its
 * reference into the secret store (nothing is read or written there).
 */
function keepSecrets(settings: ServerSettingsInput, previous: McpServer, kept: ReadonlySet<string>, given: InstallValues): Partial<ServerSettingsInput> {
  const carry = (next: Record<string, EnteredValue> | undefined, before: McpServer['env']): Record<string, EnteredValue> | undefined => {
    const out: Record<string, EnteredValue> = { ...next };
    for (const id of kept) {
      const value = before?.[id];
      const typed = given[id];
      if (isSecretRef(value) && (typed === undefined || typed === '') && !Object.hasOwn(out, id)) out[id] = value;
    }
    return Object.keys(out).length > 0 ? out : undefined;
  };
  const env = settings.type === 'stdio' ? carry(settings.env, previous.env) : undefined;
  const headers = settings.type !== 'stdio' ? carry(settings.headers, previous.headers) : undefined;
  return { ...(env ? { env } : {}), ...(headers ? { headers } : {}) };
}

/** Two registry addresses name the same registry (a trailing slash aside). */
function sameRegistry(a: string, b: string): boolean {
  return a.replace(/\/+$/, '') === b.replace(/\/+$/, '');
}
