// Installing an MCP Bundle (issue 34, part 2): open (checked, nothing written), install or update
// (unpacked into `bundles/<name>/<version>/`, the server added or edited), uninstall (the server,
// its selections and its folder). Opened bundles are kept in memory until installed or discarded.
// A bundle for another platform is refused unless the install says `force` (the user's "install
// anyway"). A registry's `mcpb` package comes here once downloaded and checked, with its origin:
// the server records the registry entry as its source, and updates the server the entry chose.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { McpServer, ServerSettingsInput, ServerSource } from '../../../types/config.js';
import { BUNDLE_FOLDER_PATTERN } from '../../../types/config.js';
import type { BundlePreview, BundleSignature, InstallField, InstallProblem, InstallResult, InstallValues } from '../../../types/install.js';
import { messageOf } from '../../../types/errors.js';
import { BundleRefused, BUNDLE_LIMITS } from './entries.js';
import type { BundleLimits } from './entries.js';
import { readBundle, readEntryHead, unpackBundle } from './archive.js';
import { PROGRAM_HEAD_BYTES } from './binary.js';
import type { ReadBundle } from './archive.js';
import type { CommandContext, SystemFolders } from './command.js';
import { bundleCommand, bundleProgram, bundleRun, envHoldingOnly, expandSystem } from './command.js';
import type { Machine } from './compat.js';
import { compatibilityWarnings, platformBlockers, readMachine } from './compat.js';
import { BundleFolders } from './folders.js';
import type { Manifest } from './manifest.js';
import { bundleFolder, describeAuthor, manifestFields, parseManifest } from './manifest.js';
import { checkSignature, splitSignature } from './signature.js';
import type { InstallContext } from '../context.js';
import { installedAs, keptSettings, recordSource } from '../context.js';
import { checkValues, InstallProblemError } from '../values.js';

/** Bundles opened and not yet installed or discarded; the oldest goes beyond this. */
const MAX_STAGED = 3;

/** A bundle downloaded for a registry entry: the entry, and the server it updates (none: a new one). */
export interface RegistryOrigin {
  source: Extract<ServerSource, { registry: string }>;
  update?: string;
}

interface Staged {
  id: string;
  fileName: string;
  content: Buffer;
  manifest: Manifest;
  read: ReadBundle;
  signature: BundleSignature;
  /** Why it is not for this machine: installing needs `force`. */
  blockers: string[];
  origin?: RegistryOrigin;
}

/** A bundle for another platform (or with a program for another system), refused without `force`. */
export class BundleNotForThisMachine extends BundleRefused {
  readonly blockers: readonly string[];
  constructor(blockers: readonly string[]) {
    super(`${blockers.join(' ')} It was not installed.`);
    this.blockers = blockers;
  }
}

export interface BundleOptions {
  limits?: BundleLimits;
  machine?: () => Promise<Machine>;
  folders?: SystemFolders;
}

export function systemFolders(home = os.homedir()): SystemFolders {
  return { HOME: home, DESKTOP: path.join(home, 'Desktop'), DOCUMENTS: path.join(home, 'Documents'), DOWNLOADS: path.join(home, 'Downloads') };
}

export class BundleInstalls {
  readonly folders: BundleFolders;
  readonly #context: InstallContext;
  readonly #limits: BundleLimits;
  readonly #machine: () => Promise<Machine>;
  readonly #system: SystemFolders;
  readonly #staged = new Map<string, Staged>();

  constructor(context: InstallContext, options: BundleOptions = {}) {
    this.#context = context;
    this.folders = new BundleFolders(context.userDataDir);
    this.#limits = options.limits ?? BUNDLE_LIMITS;
    this.#machine = options.machine ?? (() => readMachine());
    this.#system = options.folders ?? systemFolders();
  }

  /** A .mcpb file on this machine (the terminal's `bundle install FILE`). */
  async openFile(file: string): Promise<BundlePreview> {
    let size: number;
    try {
      size = fs.statSync(file).size;
    } catch (error) {
      throw new BundleRefused(`The bundle ${file} could not be read: ${messageOf(error)}.`);
    }
    if (size > this.#limits.maxFileBytes) throw new BundleRefused(`The bundle is ${size} bytes; at most ${this.#limits.maxFileBytes} are accepted.`);
    return this.open(fs.readFileSync(file), path.basename(file));
  }

  /** Checks a bundle (signature, zip, manifest, compatibility, its program) and keeps it for install; writes nothing. */
  async open(file: Buffer, fileName: string, origin?: RegistryOrigin): Promise<BundlePreview> {
    if (file.length > this.#limits.maxFileBytes) throw new BundleRefused(`The bundle is ${file.length} bytes; at most ${this.#limits.maxFileBytes} are accepted.`);
    const { content, der } = splitSignature(file);
    const signature = checkSignature(content, der);
    const read = await readBundle(content, this.#limits);
    const manifest = parseManifest(read.manifestText);
    const machine = await this.#machine();
    const program = bundleProgram(manifest, machine.platform);
    const head = program.path === null ? null : await readEntryHead(content, program.path, PROGRAM_HEAD_BYTES, this.#limits);
    const blockers = platformBlockers(manifest, machine.platform, { ...program, head });
    const staged: Staged = { id: randomUUID(), fileName, content, manifest, read, signature, blockers, ...(origin ? { origin } : {}) };
    this.#staged.set(staged.id, staged);
    while (this.#staged.size > MAX_STAGED) this.#staged.delete(this.#staged.keys().next().value!);
    return this.#preview(staged, machine);
  }

  discard(stageId: string): void {
    this.#staged.delete(stageId);
  }

  #commandContext(dir: string): CommandContext {
    return { dir, platform: process.platform, folders: this.#system, separator: path.sep };
  }

  #installed(name: string): McpServer | undefined {
    return this.#context.store.config.mcp.servers.find((server) => server.source && 'bundle' in server.source && server.source.name === name);
  }

  /** The server installing this bundle updates: the one its registry entry chose, else the one installed from a bundle of its name. */
  #target(staged: Staged): McpServer | undefined {
    if (!staged.origin) return this.#installed(staged.manifest.name);
    const { update } = staged.origin;
    return update === undefined ? undefined : this.#context.store.config.mcp.servers.find((server) => server.uuid === update);
  }

  /** The bundle folder a server runs from: its source's, or (added from a registry's mcpb package) its working folder's. */
  folderOf(server: McpServer): string | undefined {
    if (server.source && 'bundle' in server.source) return server.source.bundle;
    if (!server.source || !server.cwd) return undefined;
    const relative = path.relative(this.folders.root, server.cwd).split(path.sep).join('/');
    const folder = `bundles/${relative}`;
    return BUNDLE_FOLDER_PATTERN.test(folder) && this.folders.folder(folder) === path.resolve(server.cwd) ? folder : undefined;
  }

  /** A server other than `target` that runs from `relative` and was not installed from the same registry entry: it would run this bundle's files. */
  #folderHolder(relative: string, target: McpServer | undefined, origin: RegistryOrigin | undefined): McpServer | undefined {
    return this.#context.store.config.mcp.servers.find((server) => {
      if (server.uuid === target?.uuid || this.folderOf(server) !== relative) return false;
      const same = origin && server.source && 'registry' in server.source && server.source.registry === origin.source.registry && server.source.name === origin.source.name;
      return !same;
    });
  }

  /** The form's fields; on an update, with the values the installed server was given. */
  #fields(manifest: Manifest, installed: McpServer | undefined): InstallField[] {
    const dir = this.folders.folder(bundleFolder(manifest));
    const fields = manifestFields(manifest, (text) => expandSystem(text, { ...this.#commandContext(dir) }));
    if (!installed) return fields;
    const saved = this.folders.readValues(manifest.name);
    return fields.map((field) => {
      if (field.secret) return Object.hasOwn(saved.secrets, field.id) ? { ...field, saved: true } : field;
      return Object.hasOwn(saved.values, field.id) ? { ...field, value: saved.values[field.id] } : field;
    });
  }

  #preview(staged: Staged, machine: Machine): BundlePreview {
    const { manifest, read, signature } = staged;
    const installed = this.#target(staged);
    const compatibility = manifest.compatibility;
    return {
      stageId: staged.id,
      fileName: staged.fileName,
      name: manifest.name,
      displayName: manifest.display_name ?? manifest.name,
      version: manifest.version,
      description: manifest.description,
      author: describeAuthor(manifest),
      serverType: manifest.server.type,
      tools: (manifest.tools ?? []).map(({ name, description }) => ({ name, ...(description ? { description } : {}) })),
      prompts: (manifest.prompts ?? []).map(({ name, description }) => ({ name, ...(description ? { description } : {}) })),
      compatibility: {
        ...(compatibility?.platforms ? { platforms: compatibility.platforms } : {}),
        ...(compatibility?.runtimes ? { runtimes: Object.fromEntries(Object.entries(compatibility.runtimes).filter((entry): entry is [string, string] => typeof entry[1] === 'string')) } : {}),
        ...(compatibility?.claude_desktop ? { app: compatibility.claude_desktop } : {}),
      },
      warnings: compatibilityWarnings(manifest, machine),
      blockers: staged.blockers,
      ...(staged.origin ? { registry: staged.origin.source } : {}),
      signature,
      run: bundleRun(manifest, this.#commandContext(this.folders.folder(bundleFolder(manifest)))),
      fields: this.#fields(manifest, installed),
      ...(installed ? { installed: installedAs(installed)! } : {}),
      files: read.files,
      bytes: read.bytes,
    };
  }

  /** Values as given, completed on an update with the saved ones (secrets read from the store). */
  async #values(manifest: Manifest, installed: McpServer | undefined, given: InstallValues): Promise<InstallValues> {
    if (!installed) return given;
    const saved = this.folders.readValues(manifest.name);
    const merged: InstallValues = { ...saved.values };
    const secrets = Object.keys(saved.secrets).length > 0 ? await this.#context.resolveSecrets(installed) : {};
    for (const [key, envName] of Object.entries(saved.secrets)) {
      const value = secrets.env?.[envName];
      if (value !== undefined) merged[key] = value;
    }
    for (const [key, value] of Object.entries(given)) if (value !== '' || !Object.hasOwn(saved.secrets, key)) merged[key] = value;
    return merged;
  }

  /** Paths a directory or file setting names must exist, as that kind. */
  #pathProblems(fields: readonly InstallField[], values: Map<string, string | string[]>): InstallProblem[] {
    return fields.flatMap((field) => {
      if (field.kind !== 'directory' && field.kind !== 'file') return [];
      const items = values.get(field.id);
      return (Array.isArray(items) ? items : items === undefined ? [] : [items]).flatMap((item) => {
        const stat = fs.statSync(item, { throwIfNoEntry: false });
        const ok = field.kind === 'directory' ? stat?.isDirectory() : stat?.isFile();
        return ok ? [] : [{ field: field.id, message: `"${field.label}": ${item} is not ${field.kind === 'directory' ? 'a folder' : 'a file'} on this machine.` }];
      });
    });
  }

  /**
   * Installs an opened bundle (or updates the server it was installed as, keeping its settings).
   * `force`: install a bundle that is not for this machine anyway (BundleNotForThisMachine without it).
   */
  async install(stageId: string, given: InstallValues, label?: string, options: { force?: boolean } = {}): Promise<InstallResult> {
    const staged = this.#staged.get(stageId);
    if (!staged) throw new Error('This bundle is no longer open: open the file again.');
    if (staged.blockers.length > 0 && options.force !== true) throw new BundleNotForThisMachine(staged.blockers);
    const { manifest } = staged;
    const installed = this.#target(staged);
    const relative = bundleFolder(manifest);
    const holder = this.#folderHolder(relative, installed, staged.origin);
    if (holder) throw new BundleRefused(`${manifest.name} ${manifest.version} is installed already as "${holder.label}", from ${holder.source && 'registry' in holder.source ? `the registry at ${holder.source.registry}` : 'a bundle file'}: update or delete that server instead.`);
    const dir = this.folders.folder(relative);
    const fields = this.#fields(manifest, installed);
    const checked = checkValues(fields, await this.#values(manifest, installed, given));
    if ('problems' in checked) throw new InstallProblemError(checked.problems);
    const pathProblems = this.#pathProblems(fields, checked.values);
    if (pathProblems.length > 0) throw new InstallProblemError(pathProblems);
    const command = bundleCommand(manifest, fields, checked.values, this.#commandContext(dir));
    if ('problems' in command) throw new InstallProblemError(command.problems);

    this.folders.removeLeftovers();
    const staging = this.folders.stagingFolder();
    await unpackBundle(staged.content, staging, this.#limits);
    this.folders.moveInto(staging, relative);
    const settings: ServerSettingsInput = {
      ...(installed ? keptSettings(installed) : {}),
      label: (label ?? installed?.label ?? manifest.display_name ?? manifest.name).trim() || manifest.name,
      type: 'stdio',
      command: command.command,
      args: command.args,
      ...(Object.keys(command.env).length > 0 ? { env: command.env } : {}),
      cwd: dir,
    };
    const previousFolder = installed ? this.folderOf(installed) : undefined;
    let server: McpServer;
    try {
      server = installed ? await this.#context.servers.updateServer(installed.uuid, settings) : await this.#context.servers.addServer(settings);
    } catch (error) {
      if (previousFolder !== relative) this.folders.remove(relative);
      throw error;
    }
    const recorded = recordSource(this.#context.store, server.uuid, staged.origin?.source ?? { bundle: relative, name: manifest.name, version: manifest.version });
    this.#saveValues(manifest, fields, checked.values);
    if (previousFolder && previousFolder !== relative && !this.#inUse(previousFolder)) this.#removeFolder(previousFolder);
    this.#staged.delete(stageId);
    return { server: recorded, updated: installed !== undefined };
  }

  #saveValues(manifest: Manifest, fields: readonly InstallField[], values: Map<string, string | string[]>): void {
    const saved = { values: {} as Record<string, string | string[]>, secrets: {} as Record<string, string> };
    for (const field of fields) {
      const value = values.get(field.id);
      if (value === undefined) continue;
      if (!field.secret) saved.values[field.id] = value;
      else {
        const envName = envHoldingOnly(manifest, process.platform, field.id);
        if (envName) saved.secrets[field.id] = envName;
      }
    }
    try {
      this.folders.writeValues(manifest.name, saved);
    } catch (error) {
      this.#context.log(`The settings of bundle ${manifest.name} could not be kept for its next update: ${messageOf(error)}`);
    }
  }

  #inUse(relative: string): boolean {
    return this.#context.store.config.mcp.servers.some((server) => this.folderOf(server) === relative);
  }

  #removeFolder(relative: string): void {
    try {
      this.folders.remove(relative);
    } catch (error) {
      this.#context.log(`The bundle folder ${relative} could not be removed: ${messageOf(error)}`);
    }
  }

  /** Deletes a server as the servers screen does, and the folder of the bundle it was installed from. */
  async removeServer(uuid: string): Promise<{ removedFromSelections: number }> {
    const server = this.#context.store.config.mcp.servers.find((item) => item.uuid === uuid);
    const folder = server ? this.folderOf(server) : undefined;
    const result = await this.#context.servers.removeServer(uuid);
    if (folder && !this.#inUse(folder)) this.#removeFolder(folder);
    return result;
  }
}
