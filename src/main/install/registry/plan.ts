// A registry entry (server.json) as servers the app can add, pure: each package or remote is one
// option, with the form its inputs make and what will run. `npm` → `npx -y pkg@version`, `pypi` →
// `uvx pkg==version`, `oci` → `docker run -i --rm … image`, `nuget` → `dnx pkg@version --yes`,
// each with its runtime and package arguments (a `runtimeHint` other than the kind's documented
// runtime is refused); `mcpb` → the bundle to download and its SHA-256 (the bundle's own manifest
// says what runs); a remote → its Streamable HTTP or SSE address and headers.
import type { EnteredValue, ServerSettingsInput } from '../../../types/config.js';
import type { InstallField, InstallProblem, InstallRun, InstallValues, RegistryOption } from '../../../types/install.js';
import type { RegistryArgument, RegistryInput, RegistryKeyValue, RegistryPackage, RegistryTransport, ServerDetail } from './schema.js';
import type { CheckedValues } from '../values.js';
import { checkValues } from '../values.js';

/** Where one value of the server's settings comes from: a field, or a fixed text with `{variables}`. */
type Source =
  | { kind: 'field'; field: InstallField }
  | { kind: 'template'; text: string; variables: Map<string, InstallField>; secret: boolean };

interface Arg { name?: string; source?: Source; repeated: boolean }

interface Plan {
  option: RegistryOption;
  settings?: (values: CheckedValues, label: string) => ServerSettingsInput | InstallProblem[];
}

const PLACEHOLDER = (id: string): string => `<${id}>`;

/** Gives field ids in order, unique: a later `port` becomes `port_2`. */
class Ids {
  #seen = new Set<string>();
  take(wanted: string): string {
    const base = wanted.replace(/[^A-Za-z0-9_.-]/g, '_') || 'value';
    let id = base;
    for (let n = 2; this.#seen.has(id); n++) id = `${base}_${n}`;
    this.#seen.add(id);
    return id;
  }
}

function fieldOf(input: RegistryInput, id: string, where: string, multiple = false): InstallField {
  const kind = input.format === 'number' ? 'number' : input.format === 'boolean' ? 'boolean' : input.format === 'filepath' ? 'file' : 'string';
  return {
    id,
    label: id,
    ...(input.description ? { description: input.description } : {}),
    kind,
    required: input.isRequired === true,
    secret: input.isSecret === true,
    multiple,
    ...(input.default !== undefined ? { default: input.default } : {}),
    ...(input.placeholder !== undefined ? { placeholder: input.placeholder } : {}),
    ...(input.choices && input.choices.length > 0 ? { choices: input.choices } : {}),
    where: [where],
  };
}

/** The source of an input's value: its fixed `value` (variables become fields), else a field of its own. */
function sourceOf(input: RegistryInput & { variables?: Record<string, RegistryInput> }, ids: Ids, wanted: string, where: string, fields: InstallField[], multiple = false): Source {
  if (input.value !== undefined) {
    const variables = new Map<string, InstallField>();
    for (const [name, variable] of Object.entries(input.variables ?? {})) {
      if (!input.value.includes(`{${name}}`)) continue;
      const field = fieldOf(variable, ids.take(name), where);
      fields.push(field);
      variables.set(name, field);
    }
    const secret = input.isSecret === true || [...variables.values()].some((field) => field.secret);
    return { kind: 'template', text: input.value, variables, secret };
  }
  const field = fieldOf(input, ids.take(wanted), where, multiple);
  fields.push(field);
  return { kind: 'field', field };
}

function isSecret(source: Source): boolean {
  return source.kind === 'field' ? source.field.secret : source.secret;
}

/** A source's value(s) for these values; undefined when an optional value was not given. */
function resolve(source: Source, values: CheckedValues): string[] | undefined {
  if (source.kind === 'field') {
    const value = values.get(source.field.id);
    return value === undefined ? undefined : Array.isArray(value) ? value : [value];
  }
  let missing = false;
  const text = source.text.replace(/\{([A-Za-z_][A-Za-z0-9_]*)\}/g, (whole, name: string) => {
    const field = source.variables.get(name);
    if (!field) return whole;
    const value = values.get(field.id);
    if (value === undefined) missing = true;
    return Array.isArray(value) ? value.join(',') : (value ?? '');
  });
  return missing ? undefined : [text];
}

/** The same with placeholders: what the preview shows before anything is typed. */
function shown(source: Source): string {
  if (source.kind === 'field') return source.field.secret ? PLACEHOLDER(`${source.field.id} (secret)`) : PLACEHOLDER(source.field.id);
  return source.text.replace(/\{([A-Za-z_][A-Za-z0-9_]*)\}/g, (whole, name: string) => {
    const field = source.variables.get(name);
    return field ? PLACEHOLDER(field.id) : whole;
  });
}

function argumentsOf(list: readonly RegistryArgument[] | undefined, ids: Ids, fields: InstallField[], what: string): Arg[] {
  return (list ?? []).map((argument, i) => {
    const repeated = argument.isRepeated === true;
    if (argument.type === 'named') {
      const where = `${what} argument ${argument.name}`;
      // A named argument with neither a value nor a way to ask for one is a flag.
      const flag = argument.value === undefined && argument.isRequired !== true && argument.default === undefined && argument.description === undefined && argument.choices === undefined && argument.format === undefined;
      return flag ? { name: argument.name, repeated } : { name: argument.name, source: sourceOf(argument, ids, argument.name.replace(/^-+/, '') || `arg${i + 1}`, where, fields, repeated), repeated };
    }
    const hint = argument.valueHint ?? `arg${i + 1}`;
    return { source: sourceOf(argument, ids, hint, `${what} argument ${hint}`, fields, repeated), repeated };
  });
}

/** The command-line words of these arguments, or a problem (a secret on the command line). */
function argumentWords(args: readonly Arg[], values: CheckedValues, problems: InstallProblem[]): string[] {
  return args.flatMap((arg) => {
    if (!arg.source) return [arg.name!];
    const resolved = resolve(arg.source, values);
    if (resolved === undefined) return [];
    if (isSecret(arg.source) && resolved.some((item) => item !== '')) {
      const id = arg.source.kind === 'field' ? arg.source.field.id : undefined;
      problems.push({ ...(id ? { field: id } : {}), message: `This entry puts a secret on the command line${arg.name ? ` (${arg.name})` : ''}, where the app does not keep secrets: secrets go only into environment variables and headers. It cannot be added this way.` });
      return [];
    }
    return resolved.flatMap((item) => (arg.name ? [arg.name, item] : [item]));
  });
}

function argumentPreview(args: readonly Arg[]): string[] {
  return args.flatMap((arg) => (!arg.source ? [arg.name!] : arg.name ? [arg.name, shown(arg.source)] : [shown(arg.source)]));
}

interface Pair { name: string; source: Source }

function pairsOf(list: readonly RegistryKeyValue[] | undefined, ids: Ids, fields: InstallField[], what: string): Pair[] {
  return (list ?? []).map((pair) => ({ name: pair.name, source: sourceOf(pair, ids, pair.name, `${what} ${pair.name}`, fields) }));
}

/** Environment variables or headers for these values: a secret one goes to the secret store. */
function pairValues(pairs: readonly Pair[], values: CheckedValues): Record<string, EnteredValue> | undefined {
  const out: Record<string, EnteredValue> = {};
  for (const { name, source } of pairs) {
    const value = resolve(source, values)?.join(',');
    if (value === undefined) continue;
    Object.defineProperty(out, name, { value: isSecret(source) ? { secretValue: value } : value, enumerable: true, writable: true, configurable: true });
  }
  return Object.keys(out).length > 0 ? out : undefined;
}

/** A package kind the app runs: its runtime (the registry's documented `runtimeHint`) and its command line. */
interface Runner {
  runtime: string;
  spec: (pkg: RegistryPackage) => string;
  /** The whole argument list from the runtime's arguments, the package, the package's arguments and the environment's names. */
  words: (runtime: string[], spec: string, packageArgs: string[], env: string[]) => string[];
}

const hasYes = (words: readonly string[]): boolean => words.some((word) => word === '-y' || word === '--yes');

const RUNNERS: Record<string, Runner> = {
  // npx asks before installing a package; -y answers for the user, who saw what will run.
  npm: { runtime: 'npx', spec: (pkg) => (pkg.version ? `${pkg.identifier}@${pkg.version}` : pkg.identifier), words: (runtime, spec, args) => [...runtime, ...(hasYes(runtime) ? [] : ['-y']), spec, ...args] },
  pypi: { runtime: 'uvx', spec: (pkg) => (pkg.version ? `${pkg.identifier}==${pkg.version}` : pkg.identifier), words: (runtime, spec, args) => [...runtime, spec, ...args] },
  // An image reference that names a tag or digest is complete; an older entry gives the tag as its version.
  oci: {
    runtime: 'docker',
    spec: (pkg) => (/[:@][^/]*$/.test(pkg.identifier) || !pkg.version ? pkg.identifier : `${pkg.identifier}:${pkg.version}`),
    words: (runtime, spec, args, env) => ['run', '-i', '--rm', ...runtime, ...env.flatMap((name) => ['-e', name]), spec, ...args],
  },
  // .NET's dnx (`dotnet tool exec`) asks before it installs too; the package's own arguments follow `--`.
  nuget: {
    runtime: 'dnx',
    spec: (pkg) => (pkg.version ? `${pkg.identifier}@${pkg.version}` : pkg.identifier),
    words: (runtime, spec, args) => [...runtime, spec, ...(hasYes(runtime) ? [] : ['--yes']), ...(args.length > 0 ? ['--', ...args] : [])],
  },
};

/** The runtimes the registry's schema documents for `runtimeHint`; any other is refused. */
export const DOCUMENTED_RUNTIMES: readonly string[] = Object.values(RUNNERS).map((runner) => runner.runtime);

/** Why the entry's `runtimeHint` cannot run this package, if it cannot. */
function runtimeProblem(pkg: RegistryPackage, runner: Runner): string | undefined {
  const hint = pkg.runtimeHint;
  if (hint === undefined || hint === runner.runtime) return undefined;
  if (!DOCUMENTED_RUNTIMES.includes(hint)) return `The entry asks to run it with ${JSON.stringify(hint)}, which is not a runtime the registry documents (${DOCUMENTED_RUNTIMES.join(', ')}): the app does not run it.`;
  return `The entry asks to run a ${pkg.registryType} package with ${hint}; ${pkg.registryType} packages run with ${runner.runtime}: the app does not run it.`;
}

const SHA256 = /^[a-fA-F0-9]{64}$/;

/** An `mcpb` package: a bundle to download over https and check against its `fileSha256`. */
function bundlePlan(pkg: RegistryPackage, index: number, label: string): Plan {
  const unsupported = (why: string): Plan => ({ option: { index, kind: 'mcpb', label, unsupported: why, fields: [] } });
  if (pkg.transport.type !== 'stdio') return unsupported(`This bundle runs as a local ${pkg.transport.type} server, which the app cannot start for you.`);
  let url: URL | undefined;
  try {
    url = new URL(pkg.identifier);
  } catch {
    url = undefined;
  }
  if (url?.protocol !== 'https:') return unsupported(`The bundle's address ${JSON.stringify(pkg.identifier)} is not an https:// address: the app downloads bundles only over https.`);
  if (!pkg.fileSha256 || !SHA256.test(pkg.fileSha256)) return unsupported('The entry gives no SHA-256 of its bundle (fileSha256), which the registry requires so that the file can be checked: the app does not run a bundle it cannot check.');
  return { option: { index, kind: 'mcpb', label: `mcpb package ${url.href}`, fields: [], download: { url: url.href, sha256: pkg.fileSha256.toLowerCase() } } };
}

function packagePlan(pkg: RegistryPackage, index: number): Plan {
  const label = `${pkg.registryType} package ${pkg.identifier}${pkg.version ? ` ${pkg.version}` : ''}`;
  if (pkg.registryType === 'mcpb') return bundlePlan(pkg, index, label);
  const runner = Object.hasOwn(RUNNERS, pkg.registryType) ? RUNNERS[pkg.registryType] : undefined;
  if (!runner) return { option: { index, kind: pkg.registryType, label, unsupported: `The app cannot run ${pkg.registryType} packages. Pick another way to run it, or add it by hand.`, fields: [] } };
  const refused = runtimeProblem(pkg, runner);
  if (refused) return { option: { index, kind: pkg.registryType, label, unsupported: refused, fields: [] } };
  if (pkg.transport.type !== 'stdio') {
    return { option: { index, kind: pkg.registryType, label, unsupported: `This package runs as a local ${pkg.transport.type} server, which the app cannot start for you: start it yourself and add its address, or pick another way.`, fields: [] } };
  }
  const ids = new Ids();
  const fields: InstallField[] = [];
  const runtimeArgs = argumentsOf(pkg.runtimeArguments, ids, fields, 'runtime');
  const packageArgs = argumentsOf(pkg.packageArguments, ids, fields, 'package');
  const env = pairsOf(pkg.environmentVariables, ids, fields, 'environment variable');
  const envNames = env.map(({ name }) => name);
  const command = runner.runtime;
  const spec = runner.spec(pkg);
  const run: InstallRun = { type: 'stdio', command, args: runner.words(argumentPreview(runtimeArgs), spec, argumentPreview(packageArgs), envNames), env: envNames };
  return {
    option: { index, kind: pkg.registryType, label, run, fields },
    settings: (values, serverLabel) => {
      const problems: InstallProblem[] = [];
      const args = runner.words(argumentWords(runtimeArgs, values, problems), spec, argumentWords(packageArgs, values, problems), envNames);
      if (problems.length > 0) return problems;
      const envValues = pairValues(env, values);
      return { label: serverLabel, type: 'stdio', command, args, ...(envValues ? { env: envValues } : {}) };
    },
  };
}

function remotePlan(remote: RegistryTransport, index: number): Plan {
  const type = remote.type === 'streamable-http' ? 'http' : remote.type === 'sse' ? 'sse' : null;
  const label = `remote (${remote.type === 'streamable-http' ? 'Streamable HTTP' : remote.type === 'sse' ? 'SSE' : remote.type})`;
  if (!type || !remote.url) return { option: { index, kind: 'remote', label, unsupported: `The app cannot connect to a "${remote.type}" remote.`, fields: [] } };
  const ids = new Ids();
  const fields: InstallField[] = [];
  const url = sourceOf({ value: remote.url, variables: remote.variables, isRequired: true }, ids, 'url', 'the address', fields);
  const headers = pairsOf(remote.headers, ids, fields, 'header');
  return {
    option: { index, kind: 'remote', label, run: { type, url: shown(url), headers: headers.map(({ name }) => name) }, fields },
    settings: (values, serverLabel) => {
      const address = resolve(url, values)?.[0];
      if (address === undefined) return [{ message: 'The address needs a value for each of its variables.' }];
      const headerValues = pairValues(headers, values);
      return { label: serverLabel, type, url: address, ...(headerValues ? { headers: headerValues } : {}) };
    },
  };
}

/** Every way to run the entry, packages first (in its order), then remotes. */
function plans(detail: ServerDetail): Plan[] {
  const packages = (detail.packages ?? []).map((pkg, i) => packagePlan(pkg, i));
  const remotes = (detail.remotes ?? []).map((remote, i) => remotePlan(remote, packages.length + i));
  return [...packages, ...remotes];
}

export function registryOptions(detail: ServerDetail): RegistryOption[] {
  return plans(detail).map((plan) => plan.option);
}

/** The name a server added from this entry gets unless the user types another. */
export function suggestedLabel(detail: ServerDetail): string {
  return detail.title?.trim() || detail.name.slice(detail.name.lastIndexOf('/') + 1) || detail.name;
}

/** The first option the app can add (the one a terminal's `registry add` takes). */
export function firstSupported(detail: ServerDetail): number | undefined {
  return registryOptions(detail).find((option) => option.unsupported === undefined)?.index;
}

/**
 * The server settings for one option of the entry and the user's values, or what stands in the
 * way (a value missing or wrong, an option the app cannot run). `saved`: on an update, the ids
 * of secret fields whose saved value is kept when left empty.
 */
export function registrySettings(
  detail: ServerDetail,
  optionIndex: number,
  given: InstallValues,
  label: string,
  saved: ReadonlySet<string> = new Set(),
): { settings: ServerSettingsInput } | { problems: InstallProblem[] } {
  const plan = plans(detail)[optionIndex];
  if (!plan) return { problems: [{ message: `This entry has no way to run numbered ${optionIndex}.` }] };
  if (!plan.settings) return { problems: [{ message: plan.option.unsupported ?? 'The app cannot add this.' }] };
  const fields = plan.option.fields.map((field) => (saved.has(field.id) ? { ...field, saved: true } : field));
  const checked = checkValues(fields, given);
  if ('problems' in checked) return checked;
  const settings = plan.settings(checked.values, label);
  return Array.isArray(settings) ? { problems: settings } : { settings };
}
