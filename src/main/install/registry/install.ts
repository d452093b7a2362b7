// Adding a server from an MCP registry (issue 34, part 1): search, one entry's preview, add, and
// the updates the registry offers for servers added from it. The registry's address is the
// settings' `registryUrl` (the official registry when unset), or one given for a single request.
// Adding an entry that was added before updates that server in place (same uuid, names,
// selections, policies) unless a new instance is asked for; a deleted entry is never added; a
// package's server runs in a folder of the profile's (folders.ts); an `mcpb` package is
// downloaded, checked against its SHA-256 and installed as a bundle is.
import path from 'node:path';
import type { EnteredValue, McpServer, ServerSettingsInput } from '../../../types/config.js';
import { OFFICIAL_REGISTRY_URL } from '../../../types/config.js';
import type { BundlePreview, InstallField, InstallResult, InstallValues, RegistryPreview, RegistrySearchResult, UpdateOffer } from '../../../types/install.js';
import { isSecretRef } from '../../../types/secrets.js';
import { messageOf } from '../../../types/errors.js';
import type { InstallContext } from '../context.js';
import { installedAs, keptSettings, recordSource } from '../context.js';
import { BUNDLES_DIR } from '../bundle/folders.js';
import type { BundleInstalls, RegistryOrigin } from '../bundle/install.js';
import { RegistryClient, RegistryError } from './client.js';
import type { DownloadOptions } from './download.js';
import { downloadChecked } from './download.js';
import { makeWorkingFolder } from './folders.js';
import { firstSupported, registryOptions, registrySettings, suggestedLabel } from './plan.js';
import type { ServerDetail, ServerResponse } from './schema.js';
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
  /** Update this server (added from the same entry). Unset: the server added from this entry before, if any. */
  update?: string;
  /** Add another server even though one was added from this entry (a deliberate second instance). */
  newInstance?: boolean;
  /** Install an `mcpb` package made for another platform anyway. */
  force?: boolean;
}

export class RegistryInstalls {
  readonly #context: InstallContext;
  readonly #bundles: BundleInstalls;
  readonly #download: DownloadOptions;

  constructor(context: InstallContext, bundles: BundleInstalls, download: DownloadOptions) {
    this.#context = context;
    this.#bundles = bundles;
    this.#download = download;
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
        ...(officialMeta(entry)?.statusMessage ? { statusMessage: officialMeta(entry)!.statusMessage } : {}),
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

  /** The entry, refused when the registry says it was deleted. */
  async #entry(base: string, name: string, version: string | undefined): Promise<ServerResponse> {
    const entry = await this.#client(base).entry(name, version ?? 'latest');
    const meta = officialMeta(entry);
    if (meta?.status === 'deleted') {
      throw new RegistryError(`${name} ${entry.server.version} was deleted from the registry at ${base}${meta.statusMessage ? ` (${meta.statusMessage.trim().replace(/\.+$/, '')})` : ''}: the app does not add deleted entries.`);
    }
    return entry;
  }

  /** The server an add updates: the one named, else (unless a new instance is asked for) the one added from this entry before. */
  #target(request: Pick<RegistryAddRequest, 'update' | 'newInstance'>, base: string, name: string): McpServer | undefined {
    if (request.update !== undefined) {
      const named = this.#context.store.config.mcp.servers.find((server) => server.uuid === request.update);
      if (!named) throw new Error(`No MCP server with id "${request.update}".`);
      return named;
    }
    return request.newInstance === true ? undefined : this.#installed(base, name);
  }

  /**
   * Downloads an entry's `mcpb` package, checks its SHA-256 and opens it as a bundle (nothing is
   * written): the preview the bundle dialog shows, installed with `BundleInstalls.install`.
   */
  async openBundle(request: Omit<RegistryAddRequest, 'values' | 'label' | 'force'>): Promise<BundlePreview> {
    const base = this.registryFor(request.registry);
    const { server: detail } = await this.#entry(base, request.name, request.version);
    return this.#openBundle(base, detail, request.option ?? firstSupported(detail), request);
  }

  async #openBundle(base: string, detail: ServerDetail, index: number | undefined, request: Pick<RegistryAddRequest, 'update' | 'newInstance'>): Promise<BundlePreview> {
    const option = index === undefined ? undefined : registryOptions(detail)[index];
    if (!option?.download) throw new RegistryError(`${detail.name} ${detail.version} has no bundle to download${option ? ` as ${option.label}` : ''}.`);
    const target = this.#target(request, base, detail.name);
    const content = await downloadChecked(option.download.url, option.download.sha256, this.#download);
    const origin: RegistryOrigin = { source: { registry: base, name: detail.name, version: detail.version }, ...(target ? { update: target.uuid } : {}) };
    const fileName = decodeURIComponent(new URL(option.download.url).pathname.split('/').pop() ?? '') || `${detail.name.replace('/', '__')}.mcpb`;
    return this.#bundles.open(content, fileName, origin);
  }

  /** Adds (or updates) a server from one version of an entry; throws InstallProblemError with what to fix. */
  async add(request: RegistryAddRequest): Promise<InstallResult> {
    const base = this.registryFor(request.registry);
    const entry = await this.#entry(base, request.name, request.version);
    const { server: detail } = entry;
    const option = request.option ?? firstSupported(detail);
    if (option === undefined) throw new InstallProblemError(registryOptions(detail).map((item) => ({ message: `${item.label}: ${item.unsupported ?? ''}` })).concat([{ message: `The app has no way to run ${detail.name}.` }]));
    if (registryOptions(detail)[option]?.download) {
      const preview = await this.#openBundle(base, detail, option, request);
      try {
        return await this.#bundles.install(preview.stageId, request.values, request.label, { force: request.force === true });
      } finally {
        this.#bundles.discard(preview.stageId);
      }
    }
    const previous = this.#target(request, base, detail.name);
    const saved = previous ? await this.#savedValues(previous) : new Map<string, SavedValue>();
    const savedSecrets = new Set([...saved].filter(([, value]) => value.secret).map(([id]) => id));
    const label = (request.label ?? previous?.label ?? suggestedLabel(detail)).trim() || suggestedLabel(detail);
    const planned = registrySettings(detail, option, request.values, label, savedSecrets);
    if ('problems' in planned) throw new InstallProblemError(planned.problems);
    const source = { registry: base, name: detail.name, version: detail.version };
    // A package's process starts in a folder of the profile's; one the user set on the server is
    // kept (not the bundle folder of a version that came as an mcpb package).
    const kept = previous?.cwd && !isInside(path.join(this.#context.userDataDir, BUNDLES_DIR), previous.cwd) ? previous.cwd : undefined;
    const cwd = planned.settings.type === 'stdio' ? (kept ?? makeWorkingFolder(this.#context.userDataDir, detail.name, (folder) => this.#runsIn(folder))) : undefined;
    const withFolder: ServerSettingsInput = { ...planned.settings, ...(cwd ? { cwd } : {}) };
    if (!previous) {
      const added = await this.#context.servers.addServer(withFolder);
      return { server: recordSource(this.#context.store, added.uuid, source), updated: false };
    }
    const settings: ServerSettingsInput = { ...keptSettings(previous), ...withFolder, ...keepSecrets(planned.settings, previous, savedSecrets, request.values) };
    await this.#context.servers.updateServer(previous.uuid, settings);
    return { server: recordSource(this.#context.store, previous.uuid, source), updated: true };
  }

  /** Whether a server runs in `folder`. */
  #runsIn(folder: string): boolean {
    return this.#context.store.config.mcp.servers.some((server) => server.cwd === folder);
  }

  /** Servers added from a registry whose registry now has another latest version. */
  async updates(): Promise<UpdateOffer[]> {
    const added = this.#context.store.config.mcp.servers.flatMap((server) => (server.source && 'registry' in server.source ? [{ uuid: server.uuid, source: server.source }] : []));
    const offers = await Promise.all(added.map(async ({ uuid, source }) => {
      try {
        const entry = await this.#client(source.registry).entry(source.name, 'latest');
        const latest = entry.server.version;
        // A version the registry deleted is not offered.
        return latest !== source.version && officialMeta(entry)?.status !== 'deleted' ? [{ uuid, name: source.name, installed: source.version, latest }] : [];
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

function isInside(root: string, folder: string): boolean {
  const relative = path.relative(root, folder);
  return relative !== '' && !relative.startsWith('..') && !path.isAbsolute(relative);
}

/** Two registry addresses name the same registry (a trailing slash aside). */
function sameRegistry(a: string, b: string): boolean {
  return a.replace(/\/+$/, '') === b.replace(/\/+$/, '');
}
