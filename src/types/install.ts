// Installing servers in one step (issue 34): from an MCP registry or from an MCP Bundle (.mcpb).
// What main shows the page (previews and their forms) and what the page sends back (values).
// Shared by main, preload and renderer: no Node here.
import { z } from 'zod';
import type { McpServer } from './config.js';

/**
 * A registry server's name as the registry's own schema writes it (server.json `name`): reverse
 * DNS, one slash, 3 to 200 characters. A name that does not match is refused wherever it comes
 * from (a search result, an entry, the command line, the page).
 */
export const REGISTRY_NAME_PATTERN = /^[a-zA-Z0-9.-]+\/[a-zA-Z0-9._-]+$/;
export const REGISTRY_NAME_MIN = 3;
export const REGISTRY_NAME_MAX = 200;
export const RegistryNameSchema = z.string().min(REGISTRY_NAME_MIN).max(REGISTRY_NAME_MAX).regex(REGISTRY_NAME_PATTERN, 'not a registry server name (namespace/name)');

/** What a field holds: text, a number, yes/no, or a path on this machine. */
export type InstallFieldKind = 'string' | 'number' | 'boolean' | 'directory' | 'file';

/** One value the user gives before a server is added: an entry's input or a bundle's `user_config`. */
export interface InstallField {
  /** The key for the form and for `--set KEY=VALUE`. */
  id: string;
  label: string;
  description?: string;
  kind: InstallFieldKind;
  required: boolean;
  /** Kept in the secret store, never in config.json. */
  secret: boolean;
  /** Several values, one per line. */
  multiple: boolean;
  /** Used when the user gives none. */
  default?: string;
  placeholder?: string;
  choices?: string[];
  min?: number;
  max?: number;
  /** Where the value goes, in words: "environment variable API_KEY", "argument --port". */
  where: string[];
  /** An update: the value the installed server has (never for a secret). */
  value?: string | string[];
  /** An update: a secret is saved; left empty, it is kept. */
  saved?: boolean;
}

/** One problem with the values, under the field it is about (none: about the whole). */
export interface InstallProblem {
  field?: string;
  message: string;
}

export const InstallValueSchema = z.union([
  z.string().max(100_000),
  z.number().finite(),
  z.boolean(),
  z.array(z.string().max(100_000)).max(100),
]);
export const InstallValuesSchema = z.record(z.string().min(1).max(200), InstallValueSchema).refine((values) => Object.keys(values).length <= 500, 'At most 500 values');
export type InstallValue = z.infer<typeof InstallValueSchema>;
export type InstallValues = z.infer<typeof InstallValuesSchema>;

/** An installed server that the same entry or bundle would update. */
export interface InstalledAs {
  uuid: string;
  label: string;
  version: string;
}

/** What will run: a command line (placeholders as `<field>`), or an address with its headers. */
export type InstallRun =
  | { type: 'stdio'; command: string; args: string[]; env: string[] }
  | { type: 'http' | 'sse'; url: string; headers: string[] };

/** One way to run a registry entry: a package (npm, pypi, oci, …) or a remote. */
export interface RegistryOption {
  index: number;
  /** npm, pypi, oci, nuget, mcpb, …, or "remote". */
  kind: string;
  /** "npm package @scope/server 1.2.0", "remote (Streamable HTTP)". */
  label: string;
  /** Why the app cannot add it this way; absent when it can. */
  unsupported?: string;
  run?: InstallRun;
  fields: InstallField[];
  /**
   * An `mcpb` package: the bundle to download (https) and the SHA-256 it must have. Its form and
   * what it runs are the bundle's own, known once it is downloaded, checked and opened.
   */
  download?: { url: string; sha256: string };
}

/** One server in a registry's search results (its latest version). */
export interface RegistryEntrySummary {
  name: string;
  title?: string;
  description: string;
  version: string;
  /** active, deprecated, deleted (the official registry's status), when given. */
  status?: string;
  /** What the registry says about that status ("Use … instead"), when it says something. */
  statusMessage?: string;
  /** npm, pypi, oci, remote, …: the ways it runs. */
  kinds: string[];
  websiteUrl?: string;
  repositoryUrl?: string;
  installed?: InstalledAs;
}

export interface RegistrySearchResult {
  registry: string;
  servers: RegistryEntrySummary[];
  /** Give it back as `cursor` for the next page; absent on the last. */
  nextCursor?: string;
  /** Entries of this page the app could not read (and left out). */
  skipped: number;
}

/** One version of a registry entry, ready to be added. */
export interface RegistryPreview {
  registry: string;
  name: string;
  title?: string;
  description: string;
  version: string;
  /** Every version the registry holds, newest first (as it lists them). */
  versions: string[];
  status?: string;
  statusMessage?: string;
  websiteUrl?: string;
  repositoryUrl?: string;
  /** The name the server gets unless the user types another. */
  label: string;
  options: RegistryOption[];
  installed?: InstalledAs;
}

/** What a bundle's signature says. `unsigned`: none; `self-signed` and `untrusted`: a signer no trusted authority vouches for. */
export interface BundleSignature {
  status: 'signed' | 'self-signed' | 'unsigned' | 'untrusted';
  publisher?: string;
  issuer?: string;
  validFrom?: string;
  validTo?: string;
  fingerprint?: string;
}

/** A bundle opened and checked, not installed yet. */
export interface BundlePreview {
  /** Give it back to install (or discard) this bundle. */
  stageId: string;
  fileName: string;
  name: string;
  displayName: string;
  version: string;
  description: string;
  author: { name: string; email?: string; url?: string };
  /** node, python, binary, uv. */
  serverType: string;
  tools: Array<{ name: string; description?: string }>;
  prompts: Array<{ name: string; description?: string }>;
  compatibility: { platforms?: string[]; runtimes?: Record<string, string>; app?: string };
  /** Where this machine does not meet the runtimes it asks for (install stays possible). */
  warnings: string[];
  /**
   * Why it is not for this machine (made for another platform, a binary for another system):
   * installing it is refused unless the user says to install it anyway.
   */
  blockers: string[];
  /** Opened from a registry's `mcpb` package: the entry it was downloaded for (the server records it as its source). */
  registry?: { registry: string; name: string; version: string };
  signature: BundleSignature;
  run: InstallRun;
  fields: InstallField[];
  /** Installed already: installing again updates it and keeps its settings. */
  installed?: InstalledAs;
  /** Files and bytes once unpacked. */
  files: number;
  bytes: number;
}

export interface InstallResult {
  server: McpServer;
  /** An installed server was updated (its names, policies and selections kept). */
  updated: boolean;
}

/** An install done, or the values to fix (each under its field). */
export type InstallOutcome = InstallResult | { problems: InstallProblem[] };

/** A registry-installed server whose registry has a newer version. */
export interface UpdateOffer {
  uuid: string;
  name: string;
  installed: string;
  latest: string;
}
