// Elicitation (MCP `elicitation/create`, form mode): a server asks the user for input in the
// middle of a tool call. The requested schema is a flat object of primitive fields; these types
// mirror the spec's restricted subset so the renderer can build a form without the SDK. Shared by
// main, preload and renderer, so nothing here touches Node.
import { z } from 'zod';

interface FieldBase {
  title?: string;
  description?: string;
}

/** A text field; `format` asks for an email address, a URI, a date or a date and time. */
export interface StringField extends FieldBase {
  type: 'string';
  minLength?: number;
  maxLength?: number;
  format?: 'email' | 'uri' | 'date' | 'date-time';
  default?: string;
}

/** One choice out of several: plain values (`enum`, with `enumNames` as labels) or titled ones (`oneOf`). */
export interface ChoiceField extends FieldBase {
  type: 'string';
  enum?: string[];
  /** Labels of the `enum` values, in order (the spec's legacy form). */
  enumNames?: string[];
  oneOf?: Array<{ const: string; title: string }>;
  default?: string;
}

export interface NumberField extends FieldBase {
  type: 'number' | 'integer';
  minimum?: number;
  maximum?: number;
  default?: number;
}

export interface BooleanField extends FieldBase {
  type: 'boolean';
  default?: boolean;
}

/** Several choices out of several: plain values (`items.enum`) or titled ones (`items.anyOf`). */
export interface MultiChoiceField extends FieldBase {
  type: 'array';
  minItems?: number;
  maxItems?: number;
  items: { type: 'string'; enum: string[] } | { anyOf: Array<{ const: string; title: string }> };
  default?: string[];
}

export type ElicitationField = StringField | ChoiceField | NumberField | BooleanField | MultiChoiceField;

export interface ElicitationSchema {
  type: 'object';
  properties: Record<string, ElicitationField>;
  required?: string[];
}

export const ElicitationValueSchema = z.union([z.string().max(100_000), z.number(), z.boolean(), z.array(z.string().max(10_000)).max(1_000)]);
export type ElicitationValue = z.infer<typeof ElicitationValueSchema>;
export type ElicitationContent = Record<string, ElicitationValue>;

export const ElicitationActionSchema = z.enum(['accept', 'decline', 'cancel']);
/** accept: the user sent the form; decline: the user said no; cancel: dismissed without choosing. */
export type ElicitationAction = z.infer<typeof ElicitationActionSchema>;

/** The user's answer: `content` only with accept (the fields given; omitted ones take their defaults). */
export type ElicitationAnswer = { action: 'accept'; content: ElicitationContent } | { action: 'decline' } | { action: 'cancel' };

/** One field of an answer that does not fit the form (`field` is "answer" for the whole). */
export interface ElicitationProblem {
  field: string;
  message: string;
}

/** What the renderer is shown while a call waits for the user (the `elicitation` event). */
export interface ElicitationPrompt {
  /** Answered with `answerElicitation`, named in `elicitationEnded`. */
  requestId: string;
  /** The call that is waiting, when the renderer gave it an id. */
  callId?: string;
  serverLabel: string;
  /** The exposed name of the tool being called. */
  tool: string;
  /** What the server asks, in its own words (untrusted text: shown as text, never as HTML). */
  message: string;
  requestedSchema: ElicitationSchema;
}
