// A bundle's server command from `server.mcp_config`, pure: `platform_overrides` for this
// platform applied, then `${__dirname}`, `${HOME}`, `${DESKTOP}`, `${DOCUMENTS}`, `${DOWNLOADS}`,
// `${pathSeparator}` (and `${/}`) and `${user_config.KEY}` filled in ONE pass: a value the user
// typed is never read again for variables, never split into words, and never reaches a shell
// (the command runs without one). An argument that is exactly `${user_config.KEY}` of a setting
// that takes several values becomes several arguments.
import type { EnteredValue } from '../../../types/config.js';
import type { InstallField, InstallProblem, InstallRun } from '../../../types/install.js';
import type { Manifest } from './manifest.js';
import type { CheckedValues } from '../values.js';

export interface SystemFolders {
  HOME: string;
  DESKTOP: string;
  DOCUMENTS: string;
  DOWNLOADS: string;
}

export interface CommandContext {
  /** The bundle's folder (absolute): `${__dirname}`. */
  dir: string;
  platform: NodeJS.Platform;
  folders: SystemFolders;
  separator: string;
}

const VARIABLE = /\$\{([^}]*)\}/g;
const WHOLE_USER_VALUE = /^\$\{user_config\.([^}]*)\}$/;

/** `${HOME}` and the like filled in (not user values): for defaults shown in the form. */
export function expandSystem(text: string, context: Omit<CommandContext, 'dir' | 'platform'> & { dir?: string }): string {
  return text.replace(VARIABLE, (whole, name: string) => systemValue(name, context) ?? whole);
}

function systemValue(name: string, context: Omit<CommandContext, 'dir' | 'platform'> & { dir?: string }): string | undefined {
  if (name === '__dirname') return context.dir;
  if (name === 'pathSeparator' || name === '/') return context.separator;
  return Object.hasOwn(context.folders, name) ? context.folders[name as keyof SystemFolders] : undefined;
}

/** mcp_config with this platform's overrides applied. */
function configFor(manifest: Manifest, platform: NodeJS.Platform): { command: string; args: string[]; env: Record<string, string> } {
  const base = manifest.server.mcp_config;
  const override = base.platform_overrides && Object.hasOwn(base.platform_overrides, platform) ? base.platform_overrides[platform] : undefined;
  return { command: override?.command ?? base.command, args: override?.args ?? base.args ?? [], env: override?.env ?? base.env ?? {} };
}

interface Filled { text: string; missing: boolean; secret: boolean }

/**
 * The bundle's command line and environment for these values, or what stands in the way: a
 * reference to a setting it does not declare, a secret on the command line, a setting in the
 * command itself. A setting left empty drops the arguments (and variables) it is in.
 */
export function bundleCommand(manifest: Manifest, fields: readonly InstallField[], values: CheckedValues, context: CommandContext): { command: string; args: string[]; env: Record<string, EnteredValue> } | { problems: InstallProblem[] } {
  const problems: InstallProblem[] = [];
  const byId = new Map(fields.map((field) => [field.id, field]));
  const fill = (text: string, where: string): Filled => {
    let missing = false;
    let secret = false;
    const out = text.replace(VARIABLE, (whole, name: string) => {
      if (!name.startsWith('user_config.')) return systemValue(name, context) ?? whole;
      const key = name.slice('user_config.'.length);
      const field = byId.get(key);
      if (!field) {
        problems.push({ message: `The bundle's ${where} refers to \${user_config.${key}}, which its user_config does not declare: it cannot be installed.` });
        return '';
      }
      const value = values.get(key);
      if (value === undefined) missing = true;
      if (field.secret) secret = true;
      return Array.isArray(value) ? value.join(context.separator === '\\' ? ';' : ':') : (value ?? '');
    });
    return { text: out, missing, secret };
  };
  const config = configFor(manifest, context.platform);
  if (/\$\{user_config\./.test(config.command)) problems.push({ message: 'The bundle takes its command from a setting; the app runs only the command the bundle names.' });
  const command = fill(config.command, 'command').text;
  const args: string[] = [];
  for (const arg of config.args) {
    const whole = WHOLE_USER_VALUE.exec(arg);
    const field = whole ? byId.get(whole[1]!) : undefined;
    if (whole && field) {
      const value = values.get(field.id);
      if (value !== undefined && field.secret) problems.push({ field: field.id, message: `"${field.label}" is secret, but the bundle puts it on the command line, where the app does not keep secrets: it cannot be installed.` });
      else if (value !== undefined) args.push(...(Array.isArray(value) ? value : [value]));
      continue;
    }
    const filled = fill(arg, 'argument');
    if (filled.secret && !filled.missing) problems.push({ message: 'The bundle puts a secret setting on the command line, where the app does not keep secrets: it cannot be installed.' });
    else if (!filled.missing) args.push(filled.text);
  }
  const env: Record<string, EnteredValue> = {};
  for (const [name, value] of Object.entries(config.env)) {
    const filled = fill(value, `environment variable ${name}`);
    if (filled.missing) continue;
    Object.defineProperty(env, name, { value: filled.secret ? { secretValue: filled.text } : filled.text, enumerable: true, writable: true, configurable: true });
  }
  return problems.length > 0 ? { problems } : { command, args, env };
}

/** What will run, with `<setting>` where a setting goes (the preview before anything is typed). */
export function bundleRun(manifest: Manifest, context: CommandContext): InstallRun {
  const config = configFor(manifest, context.platform);
  const show = (text: string): string => text.replace(VARIABLE, (whole, name: string) => (name.startsWith('user_config.') ? `<${name.slice('user_config.'.length)}>` : (systemValue(name, context) ?? whole)));
  return { type: 'stdio', command: show(config.command), args: config.args.map(show), env: Object.keys(config.env) };
}

/**
 * The file inside the bundle that its command for `platform` runs (relative, `/`-separated:
 * `${__dirname}/server/tool`, or a relative path), or null when the command is a program of the
 * machine's (`node`, `/bin/sh`), a setting, or a path that leaves the bundle.
 */
export function bundleProgram(manifest: Manifest, platform: NodeJS.Platform): { command: string; path: string | null } {
  const { command } = configFor(manifest, platform);
  return { command, path: programPath(command) };
}

function programPath(command: string): string | null {
  const inside = /^\$\{__dirname\}[\\/]/.exec(command) ? command.slice('${__dirname}/'.length) : /[\\/]/.test(command) && !/^([\\/]|[A-Za-z]:)/.test(command) ? command : null;
  if (inside === null || inside.includes('${')) return null;
  const parts = inside.replace(/\\/g, '/').split('/').filter((part) => part !== '' && part !== '.');
  return parts.length === 0 || parts.includes('..') ? null : parts.join('/');
}

/** Whether an environment variable of mcp_config is exactly one setting: where an update finds a saved secret again. */
export function envHoldingOnly(manifest: Manifest, platform: NodeJS.Platform, key: string): string | undefined {
  const { env } = configFor(manifest, platform);
  return Object.entries(env).find(([, value]) => value === `\${user_config.${key}}`)?.[0];
}
