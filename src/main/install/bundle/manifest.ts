// A bundle's manifest.json, checked by the maintained validator (the zod schemas of
// @anthropic-ai/mcpb, one per manifest version), and what the app shows of it: pure.
import { MANIFEST_SCHEMAS } from '@anthropic-ai/mcpb/browser';
import type { McpbManifestAny } from '@anthropic-ai/mcpb/browser';
import type { InstallField } from '../../../types/install.js';
import { BundleRefused } from './entries.js';

export type Manifest = McpbManifestAny;
export type UserConfigOption = NonNullable<Manifest['user_config']>[string];

const VERSIONS = Object.keys(MANIFEST_SCHEMAS) as Array<keyof typeof MANIFEST_SCHEMAS>;
/** A bundle's name and version as folder names (`bundles/<name>/<version>`). */
const FOLDER_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;
const FOLDER_VERSION = /^[A-Za-z0-9][A-Za-z0-9._+-]{0,63}$/;

/** The manifest, validated; throws BundleRefused naming what is wrong. */
export function parseManifest(text: string): Manifest {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new BundleRefused(`The bundle's manifest.json is not valid JSON (${(error as Error).message}).`);
  }
  const record = typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : {};
  const declared = record.manifest_version ?? record.dxt_version;
  const version = VERSIONS.find((known) => known === declared);
  if (!version) {
    throw new BundleRefused(`The bundle's manifest version ${JSON.stringify(declared ?? null)} is not one the app knows (${VERSIONS.join(', ')}).`);
  }
  const parsed = MANIFEST_SCHEMAS[version].safeParse(data);
  if (!parsed.success) {
    const issues = parsed.error.issues.slice(0, 5).map((issue) => `${issue.path.join('.') || 'manifest'}: ${issue.message}`);
    const more = parsed.error.issues.length > 5 ? ` (and ${parsed.error.issues.length - 5} more)` : '';
    throw new BundleRefused(`The bundle's manifest.json does not validate: ${issues.join('; ')}${more}.`);
  }
  const manifest = parsed.data as Manifest;
  if (!FOLDER_NAME.test(manifest.name)) throw new BundleRefused(`The bundle's name "${manifest.name}" cannot name a folder: letters, digits, ".", "_" and "-" only, starting with a letter or digit.`);
  if (!FOLDER_VERSION.test(manifest.version)) throw new BundleRefused(`The bundle's version "${manifest.version}" cannot name a folder: letters, digits, ".", "_", "+" and "-" only.`);
  return manifest;
}

/** Where the bundle is unpacked, relative to the profile. */
export function bundleFolder(manifest: Pick<Manifest, 'name' | 'version'>): string {
  return `bundles/${manifest.name}/${manifest.version}`;
}

/** A default as the form shows it: text, lines for a list, "true"/"false". */
function defaultText(value: UserConfigOption['default'], expand: (text: string) => string): string | undefined {
  if (value === undefined) return undefined;
  if (Array.isArray(value)) return value.map(expand).join('\n');
  return typeof value === 'string' ? expand(value) : String(value);
}

/**
 * The form of the bundle's `user_config`: one field per option, its default with `${HOME}` and
 * the like filled in (`expand`), `where` from the places mcp_config uses it.
 */
export function manifestFields(manifest: Manifest, expand: (text: string) => string): InstallField[] {
  const config = manifest.server.mcp_config;
  const uses = (key: string): string[] => {
    const ref = `\${user_config.${key}}`;
    const where = (config.args ?? []).some((arg) => arg.includes(ref)) ? ['an argument'] : [];
    for (const [name, value] of Object.entries(config.env ?? {})) if (value.includes(ref)) where.push(`environment variable ${name}`);
    return where;
  };
  return Object.entries(manifest.user_config ?? {}).map(([id, option]) => {
    const fallback = defaultText(option.default, expand);
    return {
      id,
      label: option.title || id,
      ...(option.description ? { description: option.description } : {}),
      kind: option.type,
      required: option.required === true,
      secret: option.sensitive === true,
      multiple: option.multiple === true,
      ...(fallback !== undefined ? { default: fallback } : {}),
      ...(option.min !== undefined ? { min: option.min } : {}),
      ...(option.max !== undefined ? { max: option.max } : {}),
      where: uses(id),
    };
  });
}

export function describeAuthor(manifest: Manifest): { name: string; email?: string; url?: string } {
  const { name, email, url } = manifest.author;
  return { name, ...(email ? { email } : {}), ...(url ? { url } : {}) };
}
