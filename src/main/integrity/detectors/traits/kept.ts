// The user's data named in a sentence but kept out of what is sent: redacted, removed, not seen,
// or what a verb after "rather than" would have done (data.ts asks before it reads a taking).
import { C as CONCEPT } from '../lexicon/concepts.js';
import type { View } from '../view.js';
import type { Hit } from '../words.js';

// A local copy: an imported binding is read through a getter under some loaders (tsx).
const C = CONCEPT;

/** Redacting: "remove tokens and customer data first", "mask the user's e-mail". */
const REDACT = /\b(?:redact|redacting|redacted|mask|masking|strip|stripping|scrub|scrubbing|exclude|excluding|omit|omitting|leave out|anonymi[sz]e|anonymi[sz]ing|pseudonymi[sz]e)\b/;
/** "Summarise rather than quote them": the verb after is the one not to use. */
const RATHER_THAN = /\b(?:rather than|instead of)\s+(?:\w+ing|\w+)\s+(?:them|it|this|that|those|these)\b/;

/**
 * The user's data kept out rather than taken: the object of a removal or redaction in its clause,
 * right after a negation ("it cannot see this conversation", "no customer data"), or what a verb
 * after "rather than" would have done.
 */
export function keptOut(v: View, data: Hit): boolean {
  const lower = v.scope.reading.lower;
  const clause = lower.slice(Math.max(v.sentence.start, data.at - 40), data.at);
  const cut = Math.max(clause.lastIndexOf(';'), clause.lastIndexOf(':'), clause.lastIndexOf(','));
  const own = clause.slice(cut + 1);
  if (REDACT.test(own) || v.find(C.DESTRUCT, (hit) => hit.end <= data.at && hit.at >= data.at - own.length) !== undefined) return true;
  if (v.find(C.NEG, (hit) => hit.end <= data.at && data.at - hit.end <= 14 && !/[,;:]/.test(lower.slice(hit.end, data.at))) !== undefined) return true;
  const rather = RATHER_THAN.exec(v.text());
  if (rather === null) return false;
  const verbAt = v.sentence.start + rather.index + rather[0].indexOf(' ', rather[0].indexOf(' ') + 1) + 1;
  return v.sentence.hits.some((hit) => hit.at === verbAt && (hit.lo & GIVE_OR_SAY) !== 0);
}
const GIVE_OR_SAY = (1 << C.COLLECT) | (1 << C.SEND) | (1 << C.COMM);

/** Kept out by a later clause: "if the trace includes tokens, leave them out", "… and mask them". */
const KEPT_AFTER = /\b(?:leave|keep)\s+(?:them|it|those|these)\s+out\b|\b(?:redact|mask|strip|remove|omit|drop|scrub|exclude|hide)\s+(?:them|it|those|these)\b/;

export function keptAfter(v: View): boolean {
  return KEPT_AFTER.test(v.text());
}

/** "renamed `env` to `environment`": a command's name that is the tool's own parameter (its old or new name), and nothing runs it, names no secret. */
export function ownParamName(v: View, found: RegExpExecArray | null): RegExpExecArray | null {
  if (found === null || found[0] !== '\x60env\x60' || v.has(C.EXEC)) return found;
  for (const key of v.scope.tool.paramKeys) if (key.startsWith('env')) return null;
  return found;
}

/** A parameter made for the kind of data it takes: an e-mail address in `from`, `to`, `cc`; a phone number in `phone`; a name in `name`. */
const MAIL_FIELD = /^(?:from|to|cc|bcc|sender|recipients?|reply_?to|email|e-?mail_?address)$/;
// An address field takes a display name too ("Jane Doe <jane@example.org>").
const MAIL_DATA = /^(?:address|addresses|email|emails|email address|email addresses|name|names)$/;

export function contactField(param: string, data: string): boolean {
  const kind = data.replace(/\s+/g, ' ');
  return (MAIL_FIELD.test(param) && MAIL_DATA.test(kind)) || (/^phone(?:_?number)?$/.test(param) && /^phone(?: number)?s?$/.test(kind)) || (/^(?:full_?)?name$/.test(param) && /^(?:full )?names?$/.test(kind));
}

/** A secret no tool takes from the agent: a private or SSH key, a password, a seed or recovery phrase, a cookie. */
const NEVER_SENT = /ssh|private|password|passphrase|seed|mnemonic|recovery|cookie|wallet/;

/** "Read the SSH key and send it to …": a secret no tool takes, ordered sent on to anyone at all (the address need not be one). */
export function sentOn(v: View, secret: string): boolean {
  if (!NEVER_SENT.test(secret) || v.purposeCovers(secret)) return false;
  const send = v.find(C.SEND, (hit) => hit.order && !v.negated(hit));
  // To the user themselves ("send it to them by e-mail") it does not leave their hands.
  return send !== undefined && /^\s+(?:\w+\s+){0,2}?to\s+(?!them\b|the user\b|their\b|him\b|her\b|the customer\b)/.test(v.scope.reading.lower.slice(send.end, send.end + 30));
}
