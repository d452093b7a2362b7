// inspect's verbs for installing servers (docs/inspect.md, Installing):
//
//   npm run inspect -- --user-data DIR registry search QUERY [--json] [--registry URL]
//   npm run inspect -- --user-data DIR registry add NAME[@VERSION] [--set K=V]… [--registry URL] [--new-instance] [--force] [--json]
//   npm run inspect -- --user-data DIR bundle install FILE [--set K=V]… [--force] [--json]
//
// `search --json` prints `{ "registry", "servers", "nextCursor"?, "skipped" }` (up to 100
// servers, following pages); `add` and `install` print what was added (`--json`: the server as
// saved), then wait for it to connect and say how that went on stderr. `add` of an entry added
// before updates that server (`--new-instance`: adds another); a bundle for another platform is
// refused unless `--force`. A value the entry or the bundle cannot take exits 1, one line per
// problem; a bad command line exits 2.
import type { McpServer } from '../../../types/config.js';
import type { InstallResult, InstallRun, RegistrySearchResult } from '../../../types/install.js';
import type { ServerStatus, ServerStatusKind } from '../../../types/mcp.js';
import type { Core } from '../../core.js';
import { BundleRefused } from '../../install/bundle/entries.js';
import { BundleNotForThisMachine } from '../../install/bundle/install.js';
import { RegistryError } from '../../install/registry/client.js';
import { DownloadError } from '../../install/registry/download.js';
import { InstallProblemError, parseSetOptions } from '../../install/values.js';
import { messageOf } from '../../../types/errors.js';
import { printError, printJson, printText } from './output.js';
import { oneLine } from './terminal-text.js';

export const INSTALL_VERBS = ['registry', 'bundle'] as const;
/** Searches follow the registry's pages up to this many servers. */
const SEARCH_MAX = 100;
/** How long `add` and `install` wait for the new server to connect before they report. */
const SETTLE_MS = 60_000;

export type InstallCommand =
  | { verb: 'search'; query: string; json: boolean; registry?: string }
  | { verb: 'add'; name: string; version?: string; values: Record<string, string | string[]>; json: boolean; registry?: string; newInstance: boolean; force: boolean }
  | { verb: 'install'; file: string; values: Record<string, string | string[]>; json: boolean; force: boolean };

export function isInstallVerb(verb: string): boolean {
  return (INSTALL_VERBS as readonly string[]).includes(verb);
}

/** What the command line says, or a message for the usage line (thrown). */
export function parseInstallCommand(verb: string, positionals: readonly string[], options: { json: boolean; set: readonly string[]; registry?: string; force?: boolean; newInstance?: boolean }): InstallCommand {
  const force = options.force ?? false;
  const newInstance = options.newInstance ?? false;
  const [action, target, ...extra] = positionals;
  if (extra.length > 0 || target === undefined || target === '') throw new Error(`${verb} ${action ?? ''} takes one ${verb === 'bundle' ? 'file' : action === 'search' ? 'query' : 'name'}`.replace(/\s+/g, ' '));
  if (options.registry !== undefined) {
    try {
      const url = new URL(options.registry);
      if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('not http');
    } catch {
      throw new Error(`--registry takes an http:// or https:// address (got "${options.registry}")`);
    }
  }
  const values = parseSetOptions(options.set);
  if (verb === 'registry' && action === 'search') {
    if (options.set.length > 0) throw new Error('--set goes with registry add and bundle install');
    if (force || newInstance) throw new Error('--force and --new-instance go with registry add (and --force with bundle install)');
    return { verb: 'search', query: target, json: options.json, ...(options.registry ? { registry: options.registry } : {}) };
  }
  if (verb === 'registry' && action === 'add') {
    const at = target.lastIndexOf('@');
    const name = at > 0 ? target.slice(0, at) : target;
    const version = at > 0 ? target.slice(at + 1) : undefined;
    if (version === '') throw new Error('NAME@VERSION needs a version after the @');
    return { verb: 'add', name, ...(version ? { version } : {}), values, json: options.json, newInstance, force, ...(options.registry ? { registry: options.registry } : {}) };
  }
  if (verb === 'bundle' && action === 'install') {
    if (options.registry !== undefined) throw new Error('--registry goes with registry search and add');
    if (newInstance) throw new Error('--new-instance goes with registry add: installing a bundle again updates it');
    return { verb: 'install', file: target, values, json: options.json, force };
  }
  throw new Error(verb === 'registry' ? 'registry takes search QUERY or add NAME[@VERSION]' : 'bundle takes install FILE');
}

function searchText(result: RegistrySearchResult): string {
  if (result.servers.length === 0) return `No server found at ${result.registry}.`;
  const lines = result.servers.map((server) => {
    const added = server.installed ? `  (added as "${oneLine(server.installed.label)}", ${oneLine(server.installed.version)})` : '';
    const status = server.status && server.status !== 'active' ? ` [${oneLine(server.status)}${server.statusMessage ? `: ${oneLine(server.statusMessage)}` : ''}]` : '';
    return `${oneLine(server.name)}@${oneLine(server.version)}${status}  ${server.title ? `${oneLine(server.title)}: ` : ''}${oneLine(server.description)}  [${server.kinds.map(oneLine).join(', ') || 'nothing to run'}]${added}`;
  });
  return [...lines, ...(result.nextCursor ? [`… and more at ${oneLine(result.registry)} (narrow the query).`] : [])].join('\n');
}

function runText(run: InstallRun): string {
  return oneLine(run.type === 'stdio' ? [run.command, ...run.args].join(' ') : `${run.type === 'http' ? 'Streamable HTTP' : 'SSE'} ${run.url}`);
}

function serverRun(server: McpServer): string {
  return oneLine(server.type === 'stdio' ? [server.command ?? '', ...(server.args ?? [])].join(' ') : `${server.type === 'http' ? 'Streamable HTTP' : 'SSE'} ${server.url ?? ''}`);
}

/** The server's status once it is ready or failed (or the wait ran out). */
function settled(core: Core, uuid: string): Promise<ServerStatus | undefined> {
  const find = (): ServerStatus | undefined => core.mcp.getStatus().find((status) => status.uuid === uuid);
  const done = (status: ServerStatus | undefined): boolean => status === undefined || !['connecting'].includes(status.status);
  if (done(find())) return Promise.resolve(find());
  return new Promise((resolve) => {
    const timer = setTimeout(() => finish(), SETTLE_MS);
    const stop = core.mcp.onStatus(() => {
      if (done(find())) finish();
    });
    function finish(): void {
      clearTimeout(timer);
      stop();
      resolve(find());
    }
  });
}

async function report(core: Core, result: InstallResult, what: string, json: boolean): Promise<number> {
  const { server } = result;
  if (json) printJson(server);
  else printText(`${result.updated ? 'Updated' : 'Added'} "${oneLine(server.label)}" (${server.uuid}) from ${oneLine(what)}: ${serverRun(server)}`);
  const status = await settled(core, server.uuid);
  if (!status) return 0;
  printError(statusLine(server.label, status));
  return 0;
}

/** One sentence on how the new server's connect went, its reason ending it once. */
function statusLine(label: string, status: Pick<ServerStatus, 'status' | 'error' | 'tools'>): string {
  const tools = status.tools.length;
  const said: Record<ServerStatusKind, string> = {
    ready: `is ready, ${tools} ${tools === 1 ? 'tool' : 'tools'}`,
    failed: 'failed to start',
    'needs-secret': 'needs a secret first',
    'needs-sign-in': 'needs a sign-in first (inspect signin)',
    connecting: 'is still connecting',
    disabled: 'is disabled',
  };
  const reason = status.error?.trim().replace(/\.+$/, '');
  return `"${oneLine(label)}" ${said[status.status]}${reason ? `: ${oneLine(reason)}` : ''}.`;
}

export async function runInstallCommand(core: Core, command: InstallCommand): Promise<number> {
  try {
    if (command.verb === 'search') {
      const first = await core.installs.registry.search(command.query, undefined, command.registry);
      const result = { ...first, servers: [...first.servers] };
      while (result.nextCursor && result.servers.length < SEARCH_MAX) {
        const next = await core.installs.registry.search(command.query, result.nextCursor, command.registry);
        result.servers.push(...next.servers);
        result.skipped += next.skipped;
        if (next.nextCursor) result.nextCursor = next.nextCursor;
        else delete result.nextCursor;
      }
      if (command.json) printJson(result);
      else printText(searchText(result));
      if (result.skipped > 0) printError(`${result.skipped} entries of the registry could not be read and are left out.`);
      return 0;
    }
    if (command.verb === 'add') {
      const preview = await core.installs.registry.preview(command.name, command.version, command.registry);
      const chosen = preview.options.find((option) => option.unsupported === undefined);
      if (preview.status && preview.status !== 'active') printError(`${oneLine(preview.name)} ${oneLine(preview.version)} is ${oneLine(preview.status)}${preview.statusMessage ? `: ${oneLine(preview.statusMessage)}` : '.'}`);
      if (chosen?.run) printError(`Adding ${oneLine(preview.name)} ${oneLine(preview.version)} as ${oneLine(chosen.label)}: ${runText(chosen.run)}`);
      if (chosen?.download) printError(`Adding ${oneLine(preview.name)} ${oneLine(preview.version)} as ${oneLine(chosen.label)}: downloading it, checked against SHA-256 ${oneLine(chosen.download.sha256)}`);
      if (preview.installed && !command.newInstance) printError(`Updating "${oneLine(preview.installed.label)}" (${preview.installed.uuid}), added from this entry before (--new-instance adds another server).`);
      const result = await core.installs.registry.add({ name: command.name, ...(command.version ? { version: command.version } : {}), values: command.values, newInstance: command.newInstance, force: command.force, ...(command.registry ? { registry: command.registry } : {}) });
      return await report(core, result, `${preview.name} ${preview.version}`, command.json);
    }
    const preview = await core.installs.bundles.openFile(command.file);
    const signer = preview.signature.publisher ? `, signed by ${preview.signature.publisher} (${preview.signature.status})` : ', unsigned';
    printError(`Installing ${oneLine(preview.displayName)} ${oneLine(preview.version)} by ${oneLine(preview.author.name)}${oneLine(signer)}: ${runText(preview.run)}`);
    for (const warning of preview.warnings) printError(`warning: ${warning}`);
    if (preview.blockers.length > 0 && command.force) printError(`warning: installing anyway (--force): ${preview.blockers.join(' ')}`);
    try {
      const result = await core.installs.bundles.install(preview.stageId, command.values, undefined, { force: command.force });
      return await report(core, result, `${preview.fileName}`, command.json);
    } finally {
      core.installs.bundles.discard(preview.stageId);
    }
  } catch (error) {
    if (error instanceof InstallProblemError) {
      for (const problem of error.problems) printError(problem.message);
      return 1;
    }
    if (error instanceof BundleNotForThisMachine) {
      printError(`${error.message} --force installs it anyway (only if you know it runs here).`);
      return 1;
    }
    if (error instanceof BundleRefused || error instanceof RegistryError || error instanceof DownloadError) {
      printError(error.message);
      return 1;
    }
    printError(core.secrets.redact(messageOf(error)));
    return 1;
  }
}
