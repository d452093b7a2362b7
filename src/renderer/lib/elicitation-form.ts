// A server's request for input (elicitation) as a form: one control per field of its schema,
// prefilled with the field's default, and the values typed back into the answer's content.
// Pure; main checks the answer against the schema before anything is sent.
import type { ElicitationContent, ElicitationField, ElicitationPrompt, ElicitationSchema } from '../../types/elicitation.js';
import { setOwn } from '../../types/json.js';

export type FieldKind = 'text' | 'email' | 'url' | 'date' | 'datetime' | 'number' | 'integer' | 'boolean' | 'choice' | 'choices';

export interface FormField {
  name: string;
  label: string;
  description?: string;
  required: boolean;
  kind: FieldKind;
  /** choice / choices: the values and how to show them. */
  options: Array<{ value: string; label: string }>;
  min?: number;
  max?: number;
}

/** What a control holds: text (also numbers and dates, as typed), a tick, or ticked choices. */
export type FieldValue = string | boolean | string[];

function optionsOf(field: ElicitationField): Array<{ value: string; label: string }> {
  if (field.type === 'array') {
    const items = field.items;
    return 'anyOf' in items ? items.anyOf.map((o) => ({ value: o.const, label: o.title })) : items.enum.map((v) => ({ value: v, label: v }));
  }
  if (field.type !== 'string') return [];
  if ('oneOf' in field && field.oneOf) return field.oneOf.map((o) => ({ value: o.const, label: o.title }));
  if ('enum' in field && field.enum) {
    const names = 'enumNames' in field ? field.enumNames : undefined;
    return field.enum.map((v, i) => ({ value: v, label: names?.[i] ?? v }));
  }
  return [];
}

function kindOf(field: ElicitationField, options: unknown[]): FieldKind {
  switch (field.type) {
    case 'boolean':
      return 'boolean';
    case 'number':
    case 'integer':
      return field.type;
    case 'array':
      return 'choices';
    default:
      if (options.length > 0) return 'choice';
      if (!('format' in field)) return 'text';
      return field.format === 'email' ? 'email' : field.format === 'uri' ? 'url' : field.format === 'date' ? 'date' : field.format === 'date-time' ? 'datetime' : 'text';
  }
}

export function formFields(schema: ElicitationSchema): FormField[] {
  const required = new Set(schema.required ?? []);
  return Object.entries(schema.properties).map(([name, field]) => {
    const options = optionsOf(field);
    const form: FormField = { name, label: field.title?.trim() || name, required: required.has(name), kind: kindOf(field, options), options };
    if (field.description) form.description = field.description;
    if (field.type === 'number' || field.type === 'integer') {
      if (field.minimum !== undefined) form.min = field.minimum;
      if (field.maximum !== undefined) form.max = field.maximum;
    }
    return form;
  });
}

/** `2025-12-31T18:00:00Z` as a datetime-local control shows it, in local time. */
function localDateTime(value: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  const pad = (n: number): string => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** Each control's starting value: the field's default, else empty. */
export function initialValues(schema: ElicitationSchema, fields: readonly FormField[]): Map<string, FieldValue> {
  const values = new Map<string, FieldValue>();
  for (const field of fields) {
    const declared = schema.properties[field.name]?.default;
    if (field.kind === 'boolean') values.set(field.name, declared === true);
    else if (field.kind === 'choices') values.set(field.name, Array.isArray(declared) ? [...declared] : []);
    else if (declared === undefined) values.set(field.name, '');
    else values.set(field.name, field.kind === 'datetime' ? localDateTime(String(declared)) : String(declared));
  }
  return values;
}

/**
 * The answer's content: numbers as numbers (text that is not one is sent as typed, for main to
 * refuse by name), a local date and time as an instant with its offset; an empty optional field
 * is left out (so its default applies, or nothing is said).
 */
export function contentOf(fields: readonly FormField[], values: ReadonlyMap<string, FieldValue>): ElicitationContent {
  const content: ElicitationContent = {};
  const put = (name: string, value: ElicitationContent[string]): void => setOwn(content, name, value);
  for (const field of fields) {
    const value = values.get(field.name);
    if (value === undefined) continue;
    if (typeof value === 'boolean' || Array.isArray(value)) {
      put(field.name, value);
      continue;
    }
    const text = value.trim();
    if (text === '') continue;
    if (field.kind === 'number' || field.kind === 'integer') put(field.name, Number.isFinite(Number(text)) ? Number(text) : text);
    else if (field.kind === 'datetime') put(field.name, Number.isNaN(new Date(text).getTime()) ? text : new Date(text).toISOString());
    else put(field.name, value);
  }
  return content;
}

/** What is waiting for the answer, as the dialogs say it ("While … `name`"): a call, a prompt, a read. */
export function waitingFor(prompt: Pick<ElicitationPrompt, 'fetching'>): string {
  return prompt.fetching === 'prompt' ? 'getting the prompt' : prompt.fetching === 'resource' ? 'reading' : 'calling';
}
