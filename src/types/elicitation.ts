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

/**
 * A URL a server asks the user to open (URL-mode elicitation), as main read it: only http and
 * https, never fetched by the app. `href` is the whole URL; `before` + `host` + `after` is the
 * same text, split so that a screen can set the host apart.
 */
export interface ElicitationUrl {
  href: string;
  before: string;
  /** The host as the URL holds it (an internationalized domain in its `xn--` form). */
  host: string;
  after: string;
  /** The host in Unicode, when it is an internationalized domain (`xn--` labels). */
  hostUnicode?: string;
  /** What a careful user should know before opening it: Punycode, mixed scripts, a user name in it, plain http, an IP address. */
  warnings: string[];
}

interface PromptBase {
  /** Answered with `answerElicitation`, named in `elicitationEnded`. */
  requestId: string;
  /** The call that is waiting, when the renderer gave it an id. */
  callId?: string;
  serverLabel: string;
  /** The exposed name of the tool being called; for a prompt its name, for a resource its URI. */
  tool: string;
  /** Set when what waits is no tool call: a prompt being got, or a resource being read. */
  fetching?: 'prompt' | 'resource';
  /** What the server asks, in its own words (untrusted text: shown as text, never as HTML). */
  message: string;
}

/** What the renderer is shown while a call waits for the user to fill in a form (the `elicitation` event). */
export interface FormElicitationPrompt extends PromptBase {
  mode: 'form';
  requestedSchema: ElicitationSchema;
}

/**
 * A server asks the user to open a URL in the system browser (the `elicitation` event). After
 * an accept the prompt waits until `elicitationEnded`: the server says the user finished there,
 * or the call ends. With `retry`, the call failed for want of it (error -32042) and is tried
 * again once the user has finished (`finishUrlElicitation`).
 */
export interface UrlElicitationPrompt extends PromptBase {
  mode: 'url';
  url: ElicitationUrl;
  retry: boolean;
}

export type ElicitationPrompt = FormElicitationPrompt | UrlElicitationPrompt;
