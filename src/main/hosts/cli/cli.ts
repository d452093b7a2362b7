// Headless inspection (docs/design.md §6 and §7): the same start-up as the app, then a listing
// of every server and tool, one provider's request tools, or one tool call through the manager.
//
//   npm run inspect -- --user-data DIR [--json]
//   npm run inspect -- --user-data DIR tools --provider P [--on-demand [--loaded a,b]]
//   npm run inspect -- --user-data DIR call EXPOSED_NAME '{"json": "args"}' [--provider P] [--yes] [--answer '{"json": "fields"}']… [--json]
//   npm run inspect -- --user-data DIR call EXPOSED_NAME '{"json": "args"}' --provider P --for-model --call-id ID [--text-only] [--yes]
//   npm run inspect -- --user-data DIR [--json] logs SERVER      (label or uuid)
//   npm run inspect -- --user-data DIR signin|signout SERVER   (see sign-in.ts)
//   npm run inspect -- --user-data DIR prompts|prompt|complete|resources|read …   (see offerings.ts)
//   npm run inspect -- --user-data DIR instructions|tasks [--json] | roots SERVER [set PATH…|clear] | icons SERVER   (see client-features.ts)
//   npm run inspect -- --user-data DIR registry search|add … | bundle install …   (see install.ts)
//   npm run inspect -- --user-data DIR remove SERVER [--json]   (see remove.ts)
//   npm run inspect -- --user-data DIR review [SERVER] [--json] | approve SERVER TOOL…|--all [--seen TOOL=FP]…   (see review.ts)
//
// A call follows the tool's policy and answers the server's requests for input (call.ts).
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { isRecord } from '../../../types/json.js';
import type { LogEntry, ServerStatus } from '../../../types/mcp.js';
import { PROVIDER_IDS, ProviderIdSchema, type ProviderId } from '../../../types/providers.js';
import type { Core } from '../../core.js';
import { startCore } from '../../core.js';
import type { CallVerb } from './call.js';
import { runCall } from './call.js';
import { isEntryModule } from '../../profile/paths.js';
import { CONFIG_FILE_NAME, configFileProblem } from '../../config/store.js';
import type { OfferingCommand } from './offerings.js';
import { isOfferingVerb, parseOfferingCommand, runOfferingCommand } from './offerings.js';
import type { SignInCommand } from './sign-in.js';
import { isSignInVerb, parseTimeout, runSignInCommand } from './sign-in.js';
import { messageOf } from '../../../types/errors.js';
import { answerOrFail } from '../exit-guard.js';
import type { FeatureCommand } from './client-features.js';
import { isFeatureVerb, parseFeatureCommand, runFeatureCommand } from './client-features.js';
import type { InstallCommand } from './install.js';
import { isInstallVerb, parseInstallCommand, runInstallCommand } from './install.js';
import { printError, printJson, printText } from './output.js';
import { oneLine } from './terminal-text.js';
import type { RemoveCommand } from './remove.js';
import { parseRemoveCommand, REMOVE_VERB, runRemoveCommand } from './remove.js';
import type { ReviewCommand } from './review.js';
import { isReviewVerb, parseReviewCommand, runReviewCommand } from './review.js';

const USAGE =
  "usage: inspect --user-data DIR [--json] | tools --provider P [--on-demand [--loaded NAME,…]] | [--json] call EXPOSED_NAME 'JSON_ARGS' [--provider P [--for-model --call-id ID [--text-only]]] [--yes] [--answer 'JSON']… | [--json] logs SERVER | signin SERVER [--timeout SECONDS] | signout SERVER" +
  ' | [--json] prompts | prompt NAME [--arg K=V]… --provider P [--answer \'JSON\']… | complete NAME ARG PREFIX [--arg K=V]… | [--json] resources | read SERVER URI [--arg K=V]… --provider P [--answer \'JSON\']… | read SERVER ui://…' +
  ' | [--json] instructions | [--json] tasks | [--json] roots SERVER [set PATH…|clear] | [--json] icons SERVER' +
  ' | registry search QUERY [--json] [--registry URL] | registry add NAME[@VERSION] [--set K=V]… [--registry URL] [--new-instance] [--force] | bundle install FILE [--set K=V]… [--force] | [--json] remove SERVER' +
  ' | [--json] review [SERVER] | approve SERVER TOOL…|--all [--seen TOOL=FINGERPRINT]…';

class UsageError extends Error {}

type Verb =
  | { kind: 'list'; json: boolean }
  | { kind: 'tools'; provider: ProviderId; onDemand: boolean; loaded: string[] }
  | ({ kind: 'call' } & CallVerb)
  | { kind: 'logs'; server: string; json: boolean }
  | { kind: 'signin'; command: SignInCommand }
  | { kind: 'offering'; command: OfferingCommand }
  | { kind: 'feature'; command: FeatureCommand }
  | { kind: 'install'; command: InstallCommand }
  | { kind: 'remove'; command: RemoveCommand }
  | { kind: 'review'; command: ReviewCommand };

interface InspectArgs {
  userDataDir: string;
  verb: Verb;
}

function parseInspectArgs(argv: readonly string[]): InspectArgs {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      options: {
        'user-data': { type: 'string' },
        json: { type: 'boolean', default: false },
        provider: { type: 'string' },
        yes: { type: 'boolean', default: false },
        answer: { type: 'string', multiple: true },
        timeout: { type: 'string' },
        'for-model': { type: 'boolean', default: false },
        'call-id': { type: 'string' },
        'text-only': { type: 'boolean', default: false },
        'on-demand': { type: 'boolean', default: false },
        loaded: { type: 'string' },
        arg: { type: 'string', multiple: true },
        set: { type: 'string', multiple: true },
        registry: { type: 'string' },
        force: { type: 'boolean', default: false },
        'new-instance': { type: 'boolean', default: false },
        all: { type: 'boolean', default: false },
        seen: { type: 'string', multiple: true },
      },
      allowPositionals: true,
    });
  } catch (error) {
    throw new UsageError(`${messageOf(error)}; ${USAGE}`);
  }
  const userDataDir = parsed.values['user-data'];
  if (!userDataDir) throw new UsageError(`--user-data DIR is required; ${USAGE}`);
  const provider = parseProvider(parsed.values.provider);
  const [verb, name, rawArgs, ...extra] = parsed.positionals;
  const approved = parsed.values.yes ?? false;
  const rawAnswers = parsed.values.answer ?? [];
  if (verb !== 'call' && approved) throw new UsageError(`--yes goes with call; ${USAGE}`);
  // A server may ask for input while a prompt or resource is fetched too (2026-07-28).
  if (verb !== 'call' && verb !== 'prompt' && verb !== 'read' && rawAnswers.length > 0) throw new UsageError(`--answer goes with call, prompt and read; ${USAGE}`);
  const forModel = forModelOf(parsed.values, provider, verb);
  if (parsed.values.timeout !== undefined && (verb === undefined || !isSignInVerb(verb))) throw new UsageError(`--timeout goes with signin; ${USAGE}`);
  const onDemand = parsed.values['on-demand'] ?? false;
  const loaded = parsed.values.loaded;
  if (verb !== 'tools' && (onDemand || loaded !== undefined)) throw new UsageError(`--on-demand and --loaded go with "tools"; ${USAGE}`);
  if (loaded !== undefined && !onDemand) throw new UsageError(`--loaded goes with --on-demand; ${USAGE}`);
  const rawArgValues = parsed.values.arg ?? [];
  if (rawArgValues.length > 0 && (verb === undefined || !isOfferingVerb(verb))) throw new UsageError(`--arg goes with prompt, complete and read; ${USAGE}`);
  const setValues = parsed.values.set ?? [];
  const registry = parsed.values.registry;
  const installFlags = { force: parsed.values.force ?? false, newInstance: parsed.values['new-instance'] ?? false };
  if (verb === undefined || !isInstallVerb(verb)) {
    if (setValues.length > 0 || registry !== undefined || installFlags.force || installFlags.newInstance) throw new UsageError(`--set, --registry, --force and --new-instance go with registry and bundle; ${USAGE}`);
  } else {
    if (provider !== undefined) throw new UsageError(`--provider does not go with ${verb}; ${USAGE}`);
    try {
      return { userDataDir, verb: { kind: 'install', command: parseInstallCommand(verb, parsed.positionals.slice(1), { json: parsed.values.json ?? false, set: setValues, ...installFlags, ...(registry !== undefined ? { registry } : {}) }) } };
    } catch (error) {
      throw new UsageError(`${messageOf(error)}; ${USAGE}`);
    }
  }
  const all = parsed.values.all ?? false;
  if (all && verb !== 'approve') throw new UsageError(`--all goes with approve; ${USAGE}`);
  const seen = parsed.values.seen ?? [];
  if (seen.length > 0 && verb !== 'approve') throw new UsageError(`--seen goes with approve; ${USAGE}`);
  if (verb !== undefined && isReviewVerb(verb)) {
    if (provider !== undefined) throw new UsageError(`--provider does not go with ${verb}; ${USAGE}`);
    try {
      return { userDataDir, verb: { kind: 'review', command: parseReviewCommand(verb, parsed.positionals.slice(1), { json: parsed.values.json ?? false, all, seen }) } };
    } catch (error) {
      throw new UsageError(`${messageOf(error)}; ${USAGE}`);
    }
  }
  if (verb !== undefined && isOfferingVerb(verb)) {
    try {
      const answers = rawAnswers.map((answer) => jsonObject(answer, '--answer', 'is'));
      const command = parseOfferingCommand(verb, parsed.positionals.slice(1), { json: parsed.values.json ?? false, provider, args: rawArgValues, answers });
      return { userDataDir, verb: { kind: 'offering', command } };
    } catch (error) {
      throw new UsageError(`${messageOf(error)}; ${USAGE}`);
    }
  }
  if (verb !== undefined && isFeatureVerb(verb)) {
    if (provider !== undefined) throw new UsageError(`--provider goes with "tools" or "call"; ${USAGE}`);
    try {
      return { userDataDir, verb: { kind: 'feature', command: parseFeatureCommand(verb, parsed.positionals.slice(1), parsed.values.json ?? false) } };
    } catch (error) {
      throw new UsageError(`${messageOf(error)}; ${USAGE}`);
    }
  }
  if (verb === undefined) {
    if (provider !== undefined) throw new UsageError(`--provider goes with "tools" or "call"; ${USAGE}`);
    return { userDataDir, verb: { kind: 'list', json: parsed.values.json ?? false } };
  }
  if (verb === REMOVE_VERB) {
    if (provider !== undefined) throw new UsageError(`--provider goes with "tools" or "call"; ${USAGE}`);
    try {
      return { userDataDir, verb: { kind: 'remove', command: parseRemoveCommand(parsed.positionals.slice(1), parsed.values.json ?? false) } };
    } catch (error) {
      throw new UsageError(`${messageOf(error)}; ${USAGE}`);
    }
  }
  if (verb === 'logs' && name && rawArgs === undefined) {
    if (provider !== undefined) throw new UsageError(`--provider goes with "tools" or "call"; ${USAGE}`);
    return { userDataDir, verb: { kind: 'logs', server: name, json: parsed.values.json ?? false } };
  }
  if (verb === 'tools' && name === undefined) {
    if (provider === undefined) throw new UsageError(`"tools" needs --provider (one of ${PROVIDER_IDS.join(', ')}); ${USAGE}`);
    const names = (loaded ?? '').split(',').map((item) => item.trim()).filter((item) => item !== '');
    return { userDataDir, verb: { kind: 'tools', provider, onDemand, loaded: names } };
  }
  if (isSignInVerb(verb)) {
    if (!name || rawArgs !== undefined || provider !== undefined) throw new UsageError(`${verb} takes one server (its id or label); ${USAGE}`);
    let timeoutMs: number;
    try {
      timeoutMs = parseTimeout(parsed.values.timeout);
    } catch (error) {
      throw new UsageError(messageOf(error));
    }
    return { userDataDir, verb: { kind: 'signin', command: { verb, server: name, timeoutMs } } };
  }
  if (verb !== 'call' || !name || extra.length > 0) throw new UsageError(`unexpected arguments; ${USAGE}`);
  const args = rawArgs === undefined ? {} : jsonObject(rawArgs, 'the tool arguments', 'are');
  const answers = rawAnswers.map((answer) => jsonObject(answer, '--answer', 'is'));
  return { userDataDir, verb: { kind: 'call', name, args, provider, approved, answers, forModel, json: parsed.values.json ?? false } };
}

/** `--for-model --call-id ID [--text-only]`: print what a model of `--provider` gets of the result. */
function forModelOf(values: { 'for-model'?: boolean; 'call-id'?: string; 'text-only'?: boolean }, provider: ProviderId | undefined, verb: string | undefined): CallVerb['forModel'] {
  const wanted = values['for-model'] ?? false;
  const callId = values['call-id'];
  const textOnly = values['text-only'] ?? false;
  if (!wanted) {
    if (callId !== undefined || textOnly) throw new UsageError(`--call-id and --text-only go with --for-model; ${USAGE}`);
    return undefined;
  }
  if (verb !== 'call') throw new UsageError(`--for-model goes with call; ${USAGE}`);
  if (provider === undefined) throw new UsageError(`--for-model needs --provider (one of ${PROVIDER_IDS.join(', ')}); ${USAGE}`);
  if (callId === undefined || callId === '') throw new UsageError(`--for-model needs --call-id ID (the provider's id of the model's call); ${USAGE}`);
  return { provider, callId, textOnly };
}

/** `text` as a JSON object; `what` names it in errors, `is` says "is" or "are" after it. */
function jsonObject(text: string, what: string, is: 'is' | 'are'): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new UsageError(`${what} ${is} not valid JSON (${messageOf(error)})`);
  }
  if (!isRecord(value)) throw new UsageError(`${what} must be a JSON object`);
  return value;
}

function parseProvider(value: string | undefined): ProviderId | undefined {
  if (value === undefined) return undefined;
  const parsed = ProviderIdSchema.safeParse(value);
  if (parsed.success) return parsed.data;
  throw new UsageError(`unknown provider ${JSON.stringify(value)}; the providers are: ${PROVIDER_IDS.join(', ')}`);
}

/** Inspect reads a user's settings; it refuses a broken file instead of moving it aside. */
function checkUserData(dir: string): void {
  if (!fs.existsSync(dir) || !fs.statSync(dir).isDirectory()) throw new UsageError(`no such folder: ${dir}`);
  const file = path.join(dir, CONFIG_FILE_NAME);
  const problem = configFileProblem(file);
  if (problem) throw new UsageError(`${file} is not a valid config: ${problem}`);
}

function listingJson(status: readonly ServerStatus[]): { servers: unknown[] } {
  const servers = status.map((server) => ({
    uuid: server.uuid,
    label: server.label,
    status: server.status,
    ...(server.error ? { error: server.error } : {}),
    ...(server.protocolVersion ? { protocolVersion: server.protocolVersion } : {}),
    tools: server.tools.map((tool) => ({
      original: tool.original,
      exposed: tool.exposed,
      reasons: tool.reasons,
      ...(tool.title ? { title: tool.title } : {}),
      policy: tool.policy,
      annotations: tool.annotations,
      // While listed: its definition against what the user approved, and what the scan found (docs/tool-integrity.md).
      ...(tool.integrity ? { integrity: tool.integrity, findings: tool.findings ?? [] } : {}),
    })),
  }));
  return { servers };
}

function listingText(status: readonly ServerStatus[]): string {
  const lines: string[] = [];
  for (const server of status) {
    lines.push(`${oneLine(server.label)} [${server.status}${server.error ? `: ${oneLine(server.error)}` : ''}] ${oneLine(server.uuid)}${server.protocolVersion ? ` (MCP ${oneLine(server.protocolVersion)})` : ''}`);
    for (const tool of server.tools) {
      const why = tool.reasons.length > 0 ? `  (${tool.reasons.join(', ')})` : '';
      const name = tool.exposed === tool.original ? oneLine(tool.exposed) : `${oneLine(tool.exposed)} <- ${oneLine(tool.original)}`;
      const review = tool.held ? `  HELD: ${tool.integrity === 'approved' ? 'a finding to review' : tool.integrity} (inspect review)` : '';
      lines.push(`  ${name}  [${tool.policy}]${why}${review}`);
    }
    for (const skipped of server.skippedTools) {
      lines.push(`  skipped ${skipped.name === null ? '(a tool without a name)' : oneLine(skipped.name)}: ${oneLine(skipped.reason)}`);
    }
  }
  return lines.length > 0 ? lines.join('\n') : 'No MCP servers are configured.';
}

/** One log entry per line: time, where it comes from, level, text. */
function logText(entries: readonly LogEntry[]): string {
  if (entries.length === 0) return 'The log is empty.';
  return entries.map((e) => `${new Date(e.time).toISOString()}  ${e.source.padEnd(10)} ${e.level.padEnd(7)} ${oneLine(e.text)}`).join('\n');
}

/** The server a user named by uuid or label; a label two servers share must be given as a uuid. */
function findServer(status: readonly ServerStatus[], wanted: string): ServerStatus {
  const byUuid = status.find((server) => server.uuid === wanted);
  if (byUuid) return byUuid;
  const byLabel = status.filter((server) => server.label === wanted);
  if (byLabel.length === 1) return byLabel[0]!;
  if (byLabel.length > 1) throw new UsageError(`${byLabel.length} servers are named "${wanted}"; give one of their ids: ${byLabel.map((s) => s.uuid).join(', ')}`);
  const known = status.map((server) => `"${server.label}"`).join(', ') || 'none';
  throw new UsageError(`no server "${wanted}" (servers: ${known})`);
}

async function run(verb: Verb, core: Core, userDataDir: string): Promise<number> {
  // Notices go to stderr, so `--json` and `tools` leave stdout to their JSON alone.
  for (const notice of core.notices()) {
    printError(notice.message);
    for (const line of notice.details ?? []) printError(`  ${line}`);
  }
  if (verb.kind === 'signin') return runSignInCommand(verb.command, findServer(core.mcp.getStatus(), verb.command.server), core);
  if (verb.kind === 'feature') return runFeatureCommand(core, verb.command, (wanted) => findServer(core.mcp.getStatus(), wanted).uuid);
  if (verb.kind === 'install') return runInstallCommand(core, verb.command);
  if (verb.kind === 'remove') return runRemoveCommand(core, verb.command, findServer(core.mcp.getStatus(), verb.command.server).uuid, userDataDir);
  if (verb.kind === 'review') return runReviewCommand(core, verb.command, (wanted) => findServer(core.mcp.getStatus(), wanted).uuid);
  if (verb.kind === 'offering') return runOfferingCommand(core, verb.command, (wanted) => findServer(core.mcp.getStatus(), wanted).uuid);
  if (verb.kind === 'logs') {
    const server = findServer(core.mcp.getStatus(), verb.server);
    const entries = core.mcp.logs.read(server.uuid);
    if (verb.json) printJson({ uuid: server.uuid, label: server.label, entries });
    else printText(logText(entries));
    return 0;
  }
  if (verb.kind === 'list') {
    const status = core.mcp.getStatus();
    if (verb.json) printJson(listingJson(status));
    else printText(listingText(status));
    return 0;
  }
  if (verb.kind === 'tools') {
    const options = verb.onDemand ? { loading: 'on-demand' as const, loaded: verb.loaded } : {};
    printJson(core.mcp.getProviderTools(verb.provider, null, options));
    return 0;
  }
  return runCall(core, verb);
}

/** `--help`: the usage on stdout, one form a line, and the guide's place. */
function helpText(): string {
  const [first, ...rest] = USAGE.replace(/^usage: /, '').split(' | ');
  return [`usage: ${first}`, ...rest.map((form) => `       inspect --user-data DIR ${form}`), '', 'Every command and its output: docs/inspect.md.'].join('\n');
}

export async function main(argv: readonly string[]): Promise<number> {
  if (argv.includes('--help') || argv.includes('-h')) {
    printText(helpText());
    return 0;
  }
  let args: InspectArgs;
  try {
    args = parseInspectArgs(argv);
    checkUserData(args.userDataDir);
  } catch (error) {
    printError(`inspect: ${messageOf(error)}`);
    return 2;
  }
  let core: Core;
  try {
    // A profile another copy of the app holds is refused (ProfileLockedError names it).
    core = await startCore({ userDataDir: args.userDataDir, host: 'inspect', log: printError });
  } catch (error) {
    printError(`inspect: ${messageOf(error)}`);
    return 2;
  }
  try {
    // Inspect reports on settings as saved: when what start-up had to write (names, repairs, the
    // upgrade) could not be saved, it says so and stops, rather than list what is only in memory.
    if (core.store.saveProblem) {
      printError(`inspect: Settings cannot be saved: ${core.store.saveProblem}.`);
      return 2;
    }
    return await run(args.verb, core, args.userDataDir);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    printError(`inspect: ${error.message}`);
    return 2;
  } finally {
    await core.close();
  }
}

if (isEntryModule(import.meta.url)) {
  // main answers every expected failure itself; anything else is still one line, not a stack trace.
  process.exitCode = await answerOrFail('inspect', () => main(process.argv.slice(2))).catch((error: unknown) => {
    printError(`inspect: ${messageOf(error)}`);
    return 2;
  });
}
