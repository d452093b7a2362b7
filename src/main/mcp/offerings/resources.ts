// Resources of the connected servers: the browser's list (resources and templates, each with its
// server, in config order), reading one by URI on its server, a template's URI filled from a
// user's values, and the server's suggestions for a template's variable.
import type { ReadResourceResult } from '@modelcontextprotocol/sdk/types.js';
import type { McpServer } from '../../../types/config.js';
import type { Completion, ResourceListing, ResourceTemplateInfo } from '../../../types/offerings.js';
import type { ServerConnection } from '../connection/connection.js';
import { answering, completeWith, requestOptions, type RequestOptions } from './requests.js';
import type { ElicitationRouter } from '../elicitation/router.js';
import { fillTemplate } from '../listing/resource-listing.js';
import { messageOf } from '../../../types/errors.js';

export interface ResourceContext {
  servers: () => readonly McpServer[];
  connections: ReadonlyMap<string, ServerConnection>;
  /** Takes secret values out of an error message. */
  redact: (text: string) => string;
  /** Where a server's requests for input go: to the caller's `elicit`, when it passed one. */
  elicitations?: ElicitationRouter;
}

/** What to read: a URI, or a template of the server and values for its variables. */
export type ResourceTarget = { uri: string } | { template: string; values: Readonly<Record<string, string>> };

/** The resources and templates of every connected server, in config order. */
export function listResources(context: ResourceContext): ResourceListing {
  const listing: ResourceListing = { resources: [], templates: [] };
  for (const server of context.servers()) {
    const connection = context.connections.get(server.uuid);
    if (connection?.status !== 'ready') continue;
    // A use of the list: one whose cache hint ran out is listed again (the next listing has it).
    connection.freshen('resources');
    const owner = { uuid: server.uuid, server: server.label };
    listing.resources.push(...connection.offerings.resources.map((resource) => ({ ...resource, ...owner })));
    listing.templates.push(...connection.offerings.templates.map((template) => ({ ...template, ...owner })));
  }
  return listing;
}

function connectionOf(context: ResourceContext, uuid: string): ServerConnection {
  const connection = context.connections.get(uuid);
  if (!connection) throw new Error(`No MCP server with id "${uuid}".`);
  connection.freshen('resources');
  return connection;
}

function templateOf(connection: ServerConnection, uriTemplate: string): ResourceTemplateInfo {
  const template = connection.offerings.templates.find((t) => t.uriTemplate === uriTemplate);
  if (!template) throw new Error(`Server "${connection.server.label}" lists no resource template ${JSON.stringify(uriTemplate)}.`);
  return template;
}

/** The URI to read: as given, or the server's template filled (a missing value is a MissingValueError). */
export function resolveTarget(context: ResourceContext, uuid: string, target: ResourceTarget): string {
  if ('uri' in target) return target.uri;
  return fillTemplate(templateOf(connectionOf(context, uuid), target.template), target.values);
}

/** The resource's contents as its server gives them. Any URI may be read, listed or not. */
export async function fetchResource(context: ResourceContext, uuid: string, uri: string, options: RequestOptions = {}): Promise<ReadResourceResult> {
  const connection = connectionOf(context, uuid);
  try {
    const client = connection.readyClient();
    return await answering(context.elicitations, connection, { fetching: 'resource', name: uri, original: uri }, options, () => client.readResource({ uri }, requestOptions(connection, options)));
  } catch (error) {
    throw new Error(context.redact(`Reading ${JSON.stringify(uri)} on server "${connection.server.label}" failed: ${messageOf(error)}`), { cause: error });
  }
}

/** What the server suggests for `variable` of one of its templates, given its start `value`. */
export async function completeTemplateVariable(
  context: ResourceContext,
  uuid: string,
  uriTemplate: string,
  variable: string,
  value: string,
  others: Readonly<Record<string, string>> = {},
  options: RequestOptions = {},
): Promise<Completion> {
  const connection = connectionOf(context, uuid);
  const template = templateOf(connection, uriTemplate);
  if (!template.variables.some((v) => v.name === variable)) throw new Error(`The resource template "${template.name}" has no variable "${variable}".`);
  return completeWith(connection, { type: 'ref/resource', uri: uriTemplate }, variable, value, others, options, (error) =>
    context.redact(`Completing "${variable}" of resource template "${template.name}" on server "${connection.server.label}" failed: ${error}`));
}
