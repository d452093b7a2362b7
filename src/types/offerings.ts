// What MCP servers offer besides tools: prompts (templates a user picks, like slash commands) and
// resources (files, documents, records a user attaches). Shared by main, preload and renderer.
import type { IconRef } from './icons.js';
import type { RenameReason } from './names.js';
import type { ContentChange, ProviderId } from './providers.js';

export interface PromptArgumentInfo {
  name: string;
  title?: string;
  description?: string;
  /** The prompt cannot be got without it. */
  required: boolean;
}

/** One prompt of a server, under the name the app gives it (named by the tool-naming core). */
export interface PromptStatus {
  /** Its name on its server. */
  original: string;
  /** The name the app shows and takes: valid and unique among prompts, stable. */
  exposed: string;
  /** Why `exposed` differs from `original`; empty when it does not. */
  reasons: RenameReason[];
  title?: string;
  description?: string;
  /** Empty while the server is offline (only its saved name is known then). */
  arguments: PromptArgumentInfo[];
  /** Its icons (getIcon), when the server gives any. */
  icons?: IconRef[];
}

/** A prompt with its server: the picker's list. */
export interface PromptInfo extends PromptStatus {
  /** The server's uuid and label. */
  uuid: string;
  server: string;
}

export interface ResourceInfo {
  uri: string;
  name: string;
  title?: string;
  description?: string;
  mimeType?: string;
  /** Size in bytes, when the server says. */
  size?: number;
  /** Its icons (getIcon), when the server gives any. */
  icons?: IconRef[];
}

export interface ResourceTemplateInfo {
  /** An RFC 6570 URI template: `file:///logs/{day}`. */
  uriTemplate: string;
  name: string;
  title?: string;
  description?: string;
  mimeType?: string;
  icons?: IconRef[];
  /** The template's variables, in order: what a user fills in. */
  variables: TemplateVariable[];
}

export interface TemplateVariable {
  name: string;
  /** False for a query variable (`{?page}`), which the URI leaves out when it has no value. */
  required: boolean;
}

/** A resource or a template with its server: the browser's list. */
export type WithServer<T> = T & { uuid: string; server: string };

export interface ResourceListing {
  resources: Array<WithServer<ResourceInfo>>;
  templates: Array<WithServer<ResourceTemplateInfo>>;
}

/** What a server's status says about its prompts and resources. */
export interface OfferingsStatus {
  /** Live prompts while connected; while offline, the prompts known by their saved names. */
  prompts: PromptStatus[];
  /** Live only: empty while the server is not connected. */
  resources: ResourceInfo[];
  resourceTemplates: ResourceTemplateInfo[];
  /**
   * What could not be listed: a list the server failed to give, a malformed prompt or resource
   * (left out, the rest listed), in words a user can act on.
   */
  offeringProblems: string[];
}

/** What was done to a part of a prompt on its way to a model, and which message of the prompt it is about. */
export interface PromptChange extends ContentChange {
  /** The prompt message (0-based, as its server gave them). */
  promptMessage: number;
}

/** A prompt's messages as one provider's request takes them. */
export interface ProviderPrompt {
  provider: ProviderId;
  /** Exactly the message objects of that provider's request, in order. */
  messages: unknown[];
  /** The prompt's description, as its server gave it with these arguments. */
  description?: string;
  /** What was converted, cut or left out, and why. */
  report: PromptChange[];
}

/** A resource's contents as one provider's user message takes them. */
export interface ProviderResource {
  provider: ProviderId;
  /** Exactly the parts of that provider's user-message content, in order. */
  items: unknown[];
  /** What was converted, cut or left out, and why. */
  report: ContentChange[];
}

/** One item of a resource's contents, as its server gave it: text, or a blob (base64). */
export interface ResourceContent {
  uri: string;
  mimeType?: string;
  text?: string;
  blob?: string;
}

/** `Mcp.readResource`: the provider's content, and what the server gave (for the user to see). */
export interface ReadResource extends ProviderResource {
  /** The URI read (a template's, filled). */
  uri: string;
  contents: ResourceContent[];
}

/** Values a server suggests for one argument (`completion/complete`). */
export interface Completion {
  values: string[];
  /** How many values there are in all, when the server says. */
  total?: number;
  /** There are more values than those given. */
  hasMore?: boolean;
}
