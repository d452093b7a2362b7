// A server's resources and resource templates as the app keeps them: each listed entry checked
// with the SDK's own schema (paged-listing.ts leaves a malformed one out), a template's variables
// read from its URI template (RFC 6570), and a template URI filled from a user's values.
import { UriTemplate } from '@modelcontextprotocol/sdk/shared/uriTemplate.js';
import { ResourceSchema, ResourceTemplateSchema, type Resource, type ResourceTemplate } from '@modelcontextprotocol/sdk/types.js';
import type { ResourceInfo, ResourceTemplateInfo, TemplateVariable } from '../../../types/offerings.js';
import { MissingValueError } from '../user-input/missing-value.js';
import type { ListKind } from './paged-listing.js';
import { iconRefs, keptIcons } from '../icons/icon-refs.js';
import { messageOf } from '../../../types/errors.js';

export const RESOURCE_LIST: ListKind<Resource> = { method: 'resources/list', key: 'resources', what: 'resource', entry: ResourceSchema, id: (resource) => resource.uri };

export const TEMPLATE_LIST: ListKind<ResourceTemplate> = {
  method: 'resources/templates/list',
  key: 'resourceTemplates',
  what: 'resource template',
  entry: ResourceTemplateSchema,
  id: (template) => template.uriTemplate,
};

/** What resources and templates share: their name, title, description and type. */
function described(entry: Resource | ResourceTemplate): Omit<ResourceInfo, 'uri' | 'size'> {
  const icons = iconRefs(keptIcons(entry.icons));
  return {
    name: entry.name,
    ...(icons ? { icons } : {}),
    ...(entry.title?.trim() ? { title: entry.title } : {}),
    ...(entry.description ? { description: entry.description } : {}),
    ...(entry.mimeType ? { mimeType: entry.mimeType } : {}),
  };
}

export function toResourceInfo(resource: Resource): ResourceInfo {
  const size = typeof resource.size === 'number' && Number.isFinite(resource.size) && resource.size >= 0 ? resource.size : undefined;
  return { uri: resource.uri, ...described(resource), ...(size === undefined ? {} : { size }) };
}

/** The template as the app keeps it, or why it cannot be used (its URI template does not parse). */
export function toTemplateInfo(template: ResourceTemplate): ResourceTemplateInfo | { problem: string } {
  let variables: TemplateVariable[];
  try {
    const optional = queryVariables(template.uriTemplate);
    variables = [...new Set(new UriTemplate(template.uriTemplate).variableNames)].map((name) => ({ name, required: !optional.has(name) }));
  } catch (error) {
    return { problem: `resource template "${template.name}" left out: its URI template ${JSON.stringify(template.uriTemplate.slice(0, 200))} cannot be read (${messageOf(error)})` };
  }
  return { uriTemplate: template.uriTemplate, ...described(template), variables };
}

/**
 * Variables of query expressions (`{?page}`, `{&sort}`): RFC 6570 leaves out what has no value
 * there, so they are optional; a variable in the path (`{id}`) is not.
 */
function queryVariables(uriTemplate: string): Set<string> {
  const names = new Set<string>();
  for (const [, operator, list] of uriTemplate.matchAll(/\{([?&])([^}]*)\}/g)) {
    if (operator === undefined || list === undefined) continue;
    for (const spec of list.split(',')) names.add(spec.trim().replace(/(\*|:\d+)$/, ''));
  }
  return names;
}

/**
 * The URI `template` gives for `values`. Every required variable needs a value: the missing ones
 * are named in the error. Values are encoded as RFC 6570 says for their place in the template.
 */
export function fillTemplate(template: ResourceTemplateInfo, values: Readonly<Record<string, string>>): string {
  const given = (name: string): boolean => Object.hasOwn(values, name) && values[name] !== '';
  const missing = template.variables.filter((variable) => variable.required && !given(variable.name)).map((variable) => variable.name);
  if (missing.length > 0) {
    throw new MissingValueError(`The resource template "${template.name}" needs a value for ${missing.map((name) => `"${name}"`).join(', ')}.`, missing[0]!);
  }
  const filled = template.variables.filter((variable) => given(variable.name)).map((variable) => [variable.name, values[variable.name]!]);
  return new UriTemplate(template.uriTemplate).expand(Object.fromEntries(filled));
}
