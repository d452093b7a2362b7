// The form of an `elicitation/create` request (form mode): read from what a server sent, with
// the defaults of omitted fields applied (SEP-1034) and an answer checked against it before it
// goes back. Pure. The server is untrusted: the schema is rebuilt field by field from the spec's
// own primitive definitions, so nothing else reaches the validator or the renderer.
import { ElicitRequestFormParamsSchema, PrimitiveSchemaDefinitionSchema } from '@modelcontextprotocol/sdk/types.js';
import type { ElicitationContent, ElicitationField, ElicitationProblem, ElicitationSchema } from '../../../types/elicitation.js';
import { isRecord, setOwn } from '../../../types/json.js';
import { checkToolArgs } from '../user-input/schema-check.js';

/** More fields than a person fills in: a request with more is declined. */
export const MAX_FORM_FIELDS = 100;
const MAX_MESSAGE_LENGTH = 10_000;

export interface ElicitationForm {
  message: string;
  requestedSchema: ElicitationSchema;
}

/** The form a request asks for, or why it cannot be shown (then it is declined). */
export function readElicitationForm(params: unknown): ElicitationForm | { problem: string } {
  const parsed = ElicitRequestFormParamsSchema.safeParse(params);
  if (!parsed.success || !isRecord(params) || !isRecord(params.requestedSchema) || !isRecord(params.requestedSchema.properties)) {
    return { problem: 'it is not a form request this app can show (form mode, flat fields of text, numbers, yes/no or choices)' };
  }
  const entries = Object.entries(params.requestedSchema.properties);
  if (entries.length > MAX_FORM_FIELDS) return { problem: `it asks for ${entries.length} fields, more than the ${MAX_FORM_FIELDS} a form shows` };
  const properties: Record<string, ElicitationField> = {};
  for (const [name, raw] of entries) {
    const field = PrimitiveSchemaDefinitionSchema.safeParse(raw);
    if (!field.success) return { problem: `its field "${name}" is not a field type of the MCP spec` };
    setOwn(properties, name, field.data as ElicitationField);
  }
  const required = (parsed.data.requestedSchema.required ?? []).filter((name) => Object.hasOwn(properties, name));
  return {
    message: parsed.data.message.slice(0, MAX_MESSAGE_LENGTH),
    requestedSchema: { type: 'object', properties, ...(required.length > 0 ? { required } : {}) },
  };
}

/** `content` with every omitted field that has a default set to it (SEP-1034). */
export function withDefaults(schema: ElicitationSchema, content: ElicitationContent): ElicitationContent {
  const filled: ElicitationContent = Object.fromEntries(Object.entries(content));
  for (const [name, field] of Object.entries(schema.properties)) {
    if (Object.hasOwn(filled, name) || field.default === undefined) continue;
    setOwn(filled, name, field.default);
  }
  return filled;
}

const FORMATS: Record<NonNullable<Extract<ElicitationField, { format?: unknown }>['format']>, { test: (value: string) => boolean; what: string }> = {
  email: { test: (value) => /^[^\s@]+@[^\s@]+$/.test(value), what: 'an email address' },
  uri: { test: (value) => URL.canParse(value), what: 'a URI, such as https://example.com' },
  date: { test: (value) => /^\d{4}-\d{2}-\d{2}$/.test(value) && isRealDate(value), what: 'a date, such as 2025-12-31' },
  'date-time': {
    test: (value) => /^\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?([Zz]|[+-]\d{2}:\d{2})$/.test(value) && isRealDate(value.slice(0, 10)),
    what: 'a date and time with its offset, such as 2025-12-31T18:00:00Z',
  },
};

function isRealDate(day: string): boolean {
  const date = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === day;
}

/**
 * The problems of an answer (its defaults applied) under the form, one per field and message;
 * none when it fits. Fields the form does not have are problems too: a typo in a field's name
 * must not be sent as if the field had been left empty.
 */
export function checkElicitationAnswer(schema: ElicitationSchema, content: ElicitationContent): ElicitationProblem[] {
  const filled = withDefaults(schema, content);
  const problems: ElicitationProblem[] = [];
  for (const name of Object.keys(filled)) {
    if (!Object.hasOwn(schema.properties, name)) problems.push({ field: name, message: 'is not a field of this form' });
  }
  problems.push(...checkToolArgs(schema, filled).problems);
  for (const [name, field] of Object.entries(schema.properties)) {
    const value = filled[name];
    if (!('format' in field) || field.format === undefined || typeof value !== 'string') continue;
    const format = FORMATS[field.format];
    if (!format.test(value)) problems.push({ field: name, message: `must be ${format.what}` });
  }
  return problems;
}
