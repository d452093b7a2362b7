// Getting a prompt by the name the app gave it: its arguments checked first (a required one that
// is missing is an error naming it, and nothing is sent), then `prompts/get` on its server under
// its original name; and the server's suggestions for an argument (`completion/complete`).
import type { GetPromptResult } from '@modelcontextprotocol/sdk/types.js';
import type { Completion } from '../../../types/offerings.js';
import type { ServerConnection } from '../connection/connection.js';
import { MissingValueError } from '../user-input/missing-value.js';
import type { PromptEntry, PromptIndex } from './prompt-index.js';
import type { ListedPrompt } from '../listing/prompt-listing.js';
import { answering, completeWith, requestOptions, type RequestOptions } from './requests.js';
import type { ElicitationRouter } from '../elicitation/router.js';
import { messageOf } from '../../../types/errors.js';

export interface PromptContext {
  prompts: PromptIndex;
  connections: ReadonlyMap<string, ServerConnection>;
  /** Takes secret values out of an error message. */
  redact: (text: string) => string;
  /** Where a server's requests for input go: to the caller's `elicit`, when it passed one. */
  elicitations?: ElicitationRouter;
}

export type { RequestOptions } from './requests.js';

/** A prompt the index knows, the server that lists it now, and how to name both in messages. */
interface Found {
  entry: PromptEntry;
  prompt: ListedPrompt;
  connection: ServerConnection;
  where: string;
}

function find(context: PromptContext, name: string): Found {
  const entry = context.prompts.get(name);
  if (!entry) throw new Error(`Unknown prompt "${name}": no MCP server offers a prompt by that name.`);
  const connection = context.connections.get(entry.uuid);
  const where = `prompt "${name}" ("${entry.original}" on server "${connection?.server.label ?? entry.uuid}")`;
  if (!connection || !entry.prompt) throw new Error(`Cannot get ${where}: the server is not connected or no longer lists it.`);
  connection.freshen('prompts');
  return { entry, prompt: entry.prompt, connection, where };
}

/**
 * The arguments as the server gets them: text values of the prompt's own arguments, empty ones
 * left out. A required argument without a value is a MissingValueError naming it; an argument the
 * prompt does not list is refused (a typo would otherwise be dropped without a word).
 */
export function checkPromptArguments(name: string, prompt: ListedPrompt, args: Readonly<Record<string, string>>): Record<string, string> {
  const known = new Set(prompt.arguments.map((argument) => argument.name));
  const unknown = Object.keys(args).filter((key) => !known.has(key));
  if (unknown.length > 0) {
    const takes = prompt.arguments.length > 0 ? `its arguments are ${prompt.arguments.map((a) => `"${a.name}"`).join(', ')}` : 'it takes none';
    throw new Error(`The prompt "${name}" has no argument ${unknown.map((key) => `"${key}"`).join(', ')} (${takes}).`);
  }
  const missing = prompt.arguments.filter((argument) => argument.required && !args[argument.name]);
  if (missing.length > 0) {
    const names = missing.map((argument) => `"${argument.name}"`).join(', ');
    throw new MissingValueError(`The prompt "${name}" needs the argument${missing.length > 1 ? 's' : ''} ${names}.`, missing[0]!.name);
  }
  return Object.fromEntries(Object.entries(args).filter(([, value]) => value !== ''));
}

/** The prompt's messages as its server gives them for `args` (checked first). */
export async function fetchPrompt(context: PromptContext, name: string, args: Readonly<Record<string, string>>, options: RequestOptions = {}): Promise<GetPromptResult> {
  const { entry, prompt, connection, where } = find(context, name);
  const sent = checkPromptArguments(name, prompt, args);
  try {
    const client = connection.readyClient();
    return await answering(context.elicitations, connection, { fetching: 'prompt', name, original: entry.original }, options, () => client.getPrompt({ name: entry.original, arguments: sent }, requestOptions(connection, options)));
  } catch (error) {
    throw new Error(context.redact(`Getting ${where} failed: ${messageOf(error)}`), { cause: error });
  }
}

/**
 * What the server suggests for `argument` of the prompt, given its start `value` and the values of
 * the other arguments so far. A server that offers no completions suggests nothing.
 */
export async function completePromptArgument(
  context: PromptContext,
  name: string,
  argument: string,
  value: string,
  others: Readonly<Record<string, string>> = {},
  options: RequestOptions = {},
): Promise<Completion> {
  const { entry, prompt, connection, where } = find(context, name);
  if (!prompt.arguments.some((a) => a.name === argument)) throw new Error(`The prompt "${name}" has no argument "${argument}".`);
  return completeWith(connection, { type: 'ref/prompt', name: entry.original }, argument, value, others, options, (error) =>
    context.redact(`Completing "${argument}" of ${where} failed: ${error}`));
}
