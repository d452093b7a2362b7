// Pure helpers of the prompt picker and the resource browser: what a search matches, which
// required values are still empty, and a resource's contents as parts the page shows (the
// tester's rules: only safe images become images, other binary data is described).
import type { PromptArgumentInfo, PromptInfo, ResourceContent, ResourceInfo, ResourceTemplateInfo, TemplateVariable, WithServer } from '../../types/offerings.js';
import { queryWords } from './catalog.js';

/** Every word of `query` is in one of `fields` (lowercased). */
function matches(words: readonly string[], fields: ReadonlyArray<string | undefined>): boolean {
  const key = fields.filter(Boolean).join('\n').toLowerCase();
  return words.every((word) => key.includes(word));
}

/** Prompts whose name, original, title, description or server hold every word of `query`. */
export function filterPrompts(prompts: readonly PromptInfo[], query: string): PromptInfo[] {
  const words = queryWords(query);
  return words.length === 0 ? [...prompts] : prompts.filter((p) => matches(words, [p.exposed, p.original, p.title, p.description, p.server]));
}

export type Browsable = { kind: 'resource'; key: string; entry: WithServer<ResourceInfo> } | { kind: 'template'; key: string; entry: WithServer<ResourceTemplateInfo> };

/** Resources and templates in one list (each with a key unique across servers), filtered by `query`. */
export function browsable(resources: ReadonlyArray<WithServer<ResourceInfo>>, templates: ReadonlyArray<WithServer<ResourceTemplateInfo>>, query: string): Browsable[] {
  const words = queryWords(query);
  const all: Browsable[] = [
    ...resources.map((entry): Browsable => ({ kind: 'resource', key: `${entry.uuid}\n${entry.uri}`, entry })),
    ...templates.map((entry): Browsable => ({ kind: 'template', key: `${entry.uuid}\n${entry.uriTemplate}`, entry })),
  ];
  if (words.length === 0) return all;
  return all.filter(({ entry }) => matches(words, ['uri' in entry ? entry.uri : entry.uriTemplate, entry.name, entry.title, entry.description, entry.mimeType, entry.server]));
}

/** The required arguments (or template variables) whose value is still empty. */
export function missingValues(fields: ReadonlyArray<PromptArgumentInfo | TemplateVariable>, values: Readonly<Record<string, string>>): string[] {
  return fields.filter((field) => field.required && !values[field.name]?.trim()).map((field) => field.name);
}

/** Only the values given: empty fields are not sent. */
export function givenValues(values: Readonly<Record<string, string>>): Record<string, string> {
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== ''));
}

/** A resource's contents as content blocks for the tester's part rendering (call-result.ts). */
export function contentsAsBlocks(contents: readonly ResourceContent[]): unknown[] {
  return contents.map((content) =>
    content.blob !== undefined && content.mimeType?.startsWith('image/')
      ? { type: 'image', mimeType: content.mimeType, data: content.blob }
      : { type: 'resource', resource: content },
  );
}
