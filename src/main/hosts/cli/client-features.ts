// inspect's verbs for what servers ask of the app and show through it (docs/inspect.md):
//
//   npm run inspect -- --user-data DIR instructions [--json]
//   npm run inspect -- --user-data DIR tasks [--json]
//   npm run inspect -- --user-data DIR roots SERVER [--json]
//   npm run inspect -- --user-data DIR roots SERVER set PATH…   |   roots SERVER clear
//   npm run inspect -- --user-data DIR icons SERVER [--json]
//
// `instructions --json` prints exactly `{ "servers": [ { "label", "instructions" } ] }`; `tasks
// --json` `{ "tasks": [ … ] }` (the running tasks: this process's calls', and what each server
// reports of its own). SERVER is a uuid or a label. A path that is not absolute exits 2; a folder
// that is missing is saved, with a warning on stderr.
import path from 'node:path';
import type { McpServer } from '../../../types/config.js';
import { MAX_ROOTS, rootPathProblem } from '../../../types/roots.js';
import type { TaskInfo } from '../../../types/tasks.js';
import type { IconRef } from '../../../types/icons.js';
import type { Core } from '../../core.js';
import { rootStates } from '../../mcp/roots/roots.js';
import { messageOf } from '../../../types/errors.js';
import { printError, printJson, printText } from './output.js';
import { oneLine } from './terminal-text.js';

export const FEATURE_VERBS = ['instructions', 'tasks', 'roots', 'icons'] as const;
export type FeatureVerb = (typeof FEATURE_VERBS)[number];

export type FeatureCommand =
  | { verb: 'instructions' | 'tasks'; json: boolean }
  | { verb: 'roots'; server: string; json: boolean; set?: string[] }
  | { verb: 'icons'; server: string; json: boolean };

export function isFeatureVerb(verb: string): verb is FeatureVerb {
  return (FEATURE_VERBS as readonly string[]).includes(verb);
}

/** What the command line says, or a message for the usage line (thrown). */
export function parseFeatureCommand(verb: FeatureVerb, positionals: readonly string[], json: boolean): FeatureCommand {
  if (verb === 'instructions' || verb === 'tasks') {
    if (positionals.length > 0) throw new Error(`${verb} takes no arguments`);
    return { verb, json };
  }
  const [server, action, ...paths] = positionals;
  if (!server) throw new Error(`${verb} takes a server (its id or label)`);
  if (verb === 'icons' || action === undefined) {
    if (action !== undefined) throw new Error(`${verb} takes one server`);
    return { verb, server, json };
  }
  if (action === 'clear' && paths.length === 0) return { verb, server, json, set: [] };
  if (action !== 'set' || paths.length === 0) throw new Error('roots SERVER takes nothing more, "set PATH…" or "clear"');
  if (paths.length > MAX_ROOTS) throw new Error(`at most ${MAX_ROOTS} folders per server`);
  for (const folder of paths) {
    const problem = rootPathProblem(folder);
    if (problem) throw new Error(problem);
  }
  return { verb, server, json, set: [...new Set(paths.map((folder) => path.normalize(folder)))] };
}

/** One running task, as `tasks` lists it and `call` follows it. */
export function taskLine(task: TaskInfo): string {
  const limit = task.deadline === null ? 'no time limit' : `time limit ends ${new Date(task.deadline).toISOString()} (${task.limitFrom === 'server' ? 'its ttl' : 'asked by the app'})`;
  return `${oneLine(task.server)}  ${task.tool === undefined ? '(not a call of this app)' : oneLine(task.tool)}  ${oneLine(task.taskId)}  [${oneLine(task.status)}]${task.statusMessage ? ` ${oneLine(task.statusMessage)}` : ''}  ${limit}`;
}

/** Runs the command; `serverOf` finds a server by uuid or label (or throws a usage error). Resolves with the exit code. */
export async function runFeatureCommand(core: Core, command: FeatureCommand, serverOf: (wanted: string) => string): Promise<number> {
  const { mcp } = core;
  if (command.verb === 'instructions') {
    const servers = mcp.instructions.of(null);
    if (command.json) printJson({ servers: servers.map(({ label, instructions }) => ({ label, instructions })) });
    else printText(servers.length > 0 ? mcp.getInstructions(null) : 'No server with tools offered gives instructions.');
    return 0;
  }
  if (command.verb !== 'roots' && command.verb !== 'icons') {
    const tasks = await mcp.tasks.listAll();
    if (command.json) printJson({ tasks });
    else printText(tasks.length > 0 ? tasks.map(taskLine).join('\n') : 'No task is running.');
    return 0;
  }
  const uuid = serverOf(command.server);
  const server = core.store.config.mcp.servers.find((s) => s.uuid === uuid)!;
  if (command.verb === 'roots') return runRoots(core, server, command);
  return runIcons(core, server, command.json);
}

function runRoots(core: Core, server: McpServer, command: Extract<FeatureCommand, { verb: 'roots' }>): number {
  if (command.set !== undefined) {
    core.mcp.setRoots(server.uuid, command.set);
    if (core.store.saveProblem) {
      printError(`inspect: Settings cannot be saved: ${core.store.saveProblem}.`);
      return 1;
    }
  }
  const saved = core.store.config.mcp.servers.find((s) => s.uuid === server.uuid)?.roots;
  const states = rootStates(saved);
  for (const state of states) if (state.missing) printError(`inspect: warning: ${oneLine(state.path)} is not a folder that exists; it stays saved, and ${oneLine(server.label)} is not given it while it is missing.`);
  if (command.json) printJson({ uuid: server.uuid, label: server.label, roots: states });
  else printText(states.length > 0 ? states.map((state) => `${oneLine(state.path)}${state.missing ? '  (missing)' : ''}`).join('\n') : `${oneLine(server.label)} may use no folders.`);
  return 0;
}

async function runIcons(core: Core, server: McpServer, json: boolean): Promise<number> {
  const status = core.mcp.getStatus().find((s) => s.uuid === server.uuid)!;
  // Each by what it is for, its id and theme (a refused one's reason comes from asking for it, below).
  const refs = (what: string, icons: readonly IconRef[] | undefined): Array<{ for: string; id: string; theme?: IconRef['theme'] }> =>
    (icons ?? []).map(({ id, theme }) => ({ for: what, id, ...(theme ? { theme } : {}) }));
  const named = [
    ...refs('server', status.icons),
    ...status.tools.flatMap((tool) => refs(`tool ${tool.exposed}`, tool.icons)),
    ...status.prompts.flatMap((prompt) => refs(`prompt ${prompt.exposed}`, prompt.icons)),
    ...status.resources.flatMap((resource) => refs(`resource ${resource.uri}`, resource.icons)),
  ];
  const icons = await Promise.all(named.map(async (icon) => {
    try {
      const image = await core.mcp.icons.get(server.uuid, icon.id);
      return { ...icon, mimeType: image.mimeType, bytes: image.bytes };
    } catch (error) {
      return { ...icon, problem: messageOf(error) };
    }
  }));
  if (json) printJson({ uuid: server.uuid, label: server.label, icons });
  else printText(icons.length > 0 ? icons.map((icon) => `${oneLine(icon.for)}  ${icon.id}${icon.theme ? ` (${icon.theme})` : ''}  ${'problem' in icon ? `not shown: ${oneLine(icon.problem)}` : `${icon.mimeType}, ${icon.bytes} bytes`}`).join('\n') : `${oneLine(server.label)} gives no icons.`);
  return 0;
}
