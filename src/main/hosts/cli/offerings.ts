// inspect's verbs for what servers offer besides tools (docs/user-guide.md, inspect):
//
//   npm run inspect -- --user-data DIR prompts [--json]
//   npm run inspect -- --user-data DIR prompt NAME [--arg K=V]... --provider P [--answer 'JSON']...
//   npm run inspect -- --user-data DIR complete NAME ARG PREFIX [--arg K=V]...
//   npm run inspect -- --user-data DIR resources [--json]
//   npm run inspect -- --user-data DIR read SERVER URI [--arg K=V]... --provider P [--answer 'JSON']...
//   npm run inspect -- --user-data DIR read SERVER ui://…      (an MCP App view: its HTML, as is)
//
// `prompt` and `read` print exactly `{ "provider", "messages" }` and `{ "provider", "items" }`;
// what was converted or left out goes to stderr. A required argument (or template variable) that
// is missing exits 2, naming it; a server that fails exits 1. SERVER is a uuid or a label; a URI
// that is one of the server's templates is filled from the --arg values. A server's requests for
// input while it answers (2026-07-28) take the --answer values in order, as `call`'s do.
import type { PromptInfo, ResourceListing } from '../../../types/offerings.js';
import type { ProviderId } from '../../../types/providers.js';
import type { Core } from '../../core.js';
import { MissingValueError } from '../../mcp/user-input/missing-value.js';
import { answerFrom } from './call.js';
import { needsSignIn, NEEDS_SIGN_IN_EXIT_CODE } from './sign-in.js';
import { messageOf } from '../../../types/errors.js';
import { printDocument, printError, printJson, printText } from './output.js';
import { oneLine } from './terminal-text.js';

export const OFFERING_VERBS = ['prompts', 'prompt', 'complete', 'resources', 'read'] as const;
export type OfferingVerb = (typeof OFFERING_VERBS)[number];

export type OfferingCommand =
  | { verb: 'prompts'; json: boolean }
  | { verb: 'resources'; json: boolean }
  | { verb: 'prompt'; name: string; args: Record<string, string>; provider: ProviderId; answers: Record<string, unknown>[] }
  | { verb: 'complete'; name: string; argument: string; prefix: string; args: Record<string, string> }
  | { verb: 'read'; server: string; uri: string; args: Record<string, string>; provider: ProviderId | undefined; answers: Record<string, unknown>[] };

export function isOfferingVerb(verb: string): verb is OfferingVerb {
  return (OFFERING_VERBS as readonly string[]).includes(verb);
}

/** What the command line says, or a message for the usage line (thrown). */
export function parseOfferingCommand(
  verb: OfferingVerb,
  positionals: readonly string[],
  options: { json: boolean; provider: ProviderId | undefined; args: readonly string[]; answers?: Record<string, unknown>[] },
): OfferingCommand {
  const args = parseArgValues(options.args);
  const answers = options.answers ?? [];
  const expect = (count: number, shape: string): void => {
    if (positionals.length !== count) throw new Error(`${verb} takes ${shape}`);
  };
  const noProvider = (): void => {
    if (options.provider !== undefined) throw new Error(`--provider does not go with ${verb}`);
  };
  const provider = (): ProviderId => {
    if (options.provider === undefined) throw new Error(`${verb} needs --provider`);
    return options.provider;
  };
  if (verb === 'prompts' || verb === 'resources') {
    expect(0, 'no arguments');
    noProvider();
    if (options.args.length > 0) throw new Error(`--arg does not go with ${verb}`);
    return verb === 'prompts' ? { verb, json: options.json } : { verb, json: options.json };
  }
  if (verb === 'prompt') {
    expect(1, 'a prompt name');
    return { verb, name: positionals[0]!, args, provider: provider(), answers };
  }
  if (verb === 'complete') {
    expect(3, 'a prompt name, an argument name and what is typed so far (may be "")');
    noProvider();
    return { verb, name: positionals[0]!, argument: positionals[1]!, prefix: positionals[2]!, args };
  }
  expect(2, 'a server (its id or label) and a resource URI or template');
  // A view (MCP Apps) is read for a person, not a model: its HTML, without --provider.
  const view = positionals[1]!.startsWith('ui://') && options.provider === undefined;
  return { verb, server: positionals[0]!, uri: positionals[1]!, args, provider: view ? undefined : provider(), answers };
}

/** `--arg K=V` values; a key given twice keeps the last. */
function parseArgValues(raw: readonly string[]): Record<string, string> {
  const values = new Map<string, string>();
  for (const item of raw) {
    const at = item.indexOf('=');
    if (at <= 0) throw new Error(`--arg takes NAME=VALUE (got ${JSON.stringify(item)})`);
    values.set(item.slice(0, at), item.slice(at + 1));
  }
  return Object.fromEntries(values);
}

/**
 * Runs the command; the exit code: 0, 1 for a server that failed, 2 for a missing required value,
 * 3 (NEEDS_SIGN_IN_EXIT_CODE) when the server needs a sign-in first. `serverUuid` finds a server
 * by uuid or label (throwing a usage error).
 */
export async function runOfferingCommand(core: Core, command: OfferingCommand, serverUuid: (wanted: string) => string): Promise<number> {
  const { mcp } = core;
  if (command.verb === 'prompts' || command.verb === 'resources') {
    if (command.verb === 'prompts') listPrompts(mcp.listPrompts(), command.json);
    else listResources(mcp.listResources(), command.json);
    return 0;
  }
  // A server no one has is a usage error (thrown on), not a failed read.
  const uuid = command.verb === 'read' ? serverUuid(command.server) : '';
  try {
    if (command.verb === 'complete') {
      const { values } = await mcp.completePromptArgument(command.name, command.argument, command.prefix, command.args);
      printJson({ values });
      return 0;
    }
    if (command.verb === 'prompt') {
      const { provider, messages, report } = await mcp.getPrompt(command.name, command.args, { provider: command.provider, elicit: answerFrom(command.answers) });
      for (const change of report) printError(change.message);
      printJson({ provider, messages });
      return 0;
    }
    if (command.provider === undefined) {
      const view = await mcp.views.view(uuid, command.uri);
      printError(`inspect: ${oneLine(command.uri)} is an MCP App view (${Buffer.byteLength(view.html)} bytes of HTML). A headless host cannot render it; the app shows it beside the tool's result.`);
      printDocument(view.html);
      return 0;
    }
    const template = mcp.listResources().templates.some((t) => t.uuid === uuid && t.uriTemplate === command.uri);
    const target = template ? { template: command.uri, values: command.args } : command.uri;
    const { provider, items, report } = await mcp.readResource(uuid, target, { provider: command.provider, elicit: answerFrom(command.answers) });
    for (const change of report) printError(change.message);
    printJson({ provider, items });
    return 0;
  } catch (error) {
    printError(`inspect: ${messageOf(error)}`);
    if (error instanceof MissingValueError) return 2;
    return needsSignIn(error) ? NEEDS_SIGN_IN_EXIT_CODE : 1;
  }
}

function listPrompts(prompts: readonly PromptInfo[], json: boolean): void {
  if (json) printJson({ prompts: prompts.map(promptJson) });
  else printText(promptsText(prompts));
}

function listResources(listing: ResourceListing, json: boolean): void {
  if (json) printJson(resourcesJson(listing));
  else printText(resourcesText(listing));
}

function promptJson(prompt: PromptInfo): Record<string, unknown> {
  return {
    name: prompt.exposed,
    original: prompt.original,
    server: prompt.server,
    ...(prompt.description ? { description: prompt.description } : {}),
    arguments: prompt.arguments.map((a) => ({ name: a.name, ...(a.description ? { description: a.description } : {}), required: a.required })),
  };
}

function promptsText(prompts: readonly PromptInfo[]): string {
  if (prompts.length === 0) return 'No connected server offers prompts.';
  return prompts
    .map((p) => {
      const name = p.exposed === p.original ? oneLine(p.exposed) : `${oneLine(p.exposed)} <- ${oneLine(p.original)}`;
      const args = p.arguments.map((a) => (a.required ? oneLine(a.name) : `[${oneLine(a.name)}]`)).join(' ');
      return `${name}${args ? ` ${args}` : ''}  (${oneLine(p.server)})${p.description ? `  ${oneLine(p.description)}` : ''}`;
    })
    .join('\n');
}

function resourcesJson(listing: ResourceListing): Record<string, unknown> {
  return {
    resources: listing.resources.map((r) => ({ server: r.server, uri: r.uri, name: r.name, ...(r.mimeType ? { mimeType: r.mimeType } : {}) })),
    templates: listing.templates.map((t) => ({
      server: t.server,
      uriTemplate: t.uriTemplate,
      name: t.name,
      ...(t.mimeType ? { mimeType: t.mimeType } : {}),
      variables: t.variables,
    })),
  };
}

function resourcesText(listing: ResourceListing): string {
  const lines = [
    ...listing.resources.map((r) => `${oneLine(r.uri)}  ${oneLine(r.name)}${r.mimeType ? ` [${oneLine(r.mimeType)}]` : ''}  (${oneLine(r.server)})`),
    ...listing.templates.map((t) => `${oneLine(t.uriTemplate)}  ${oneLine(t.name)} (template)${t.mimeType ? ` [${oneLine(t.mimeType)}]` : ''}  (${oneLine(t.server)})`),
  ];
  return lines.length > 0 ? lines.join('\n') : 'No connected server offers resources.';
}
