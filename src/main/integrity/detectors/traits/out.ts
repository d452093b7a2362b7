// Traits of a sentence about the ways out: an address, an account, a chat channel, a copy kept
// for someone, an extra party, a drop site (exfiltration); and another server's tool named with
// an order about it (shadowing). Split from data.ts, which asks for the ways out when a
// sentence holds a verb of sending, putting or visiting.
import { C as CONCEPT, maskOf } from '../lexicon/concepts.js';
import type { Trait } from '../signal.js';
import { BENIGN_CROSS, DROP_SITE, EXAMPLE_HOST } from '../structure.js';
import type { View } from '../view.js';
import { CH, type Hit } from '../words.js';

// A local copy: an imported binding is read through a getter under some loaders (tsx), and the traits read it on every question.
const C = CONCEPT;

const O_COLLECT = maskOf([C.COLLECT]);
const O_COLLECT_DESTRUCT_INSTEAD_VISIT = maskOf([C.COLLECT, C.DESTRUCT, C.INSTEAD, C.VISIT]);
const O_DESTRUCT = maskOf([C.DESTRUCT]);
const O_SEND = maskOf([C.SEND]);

/** An order, or the agent's own act ("have the assistant share …"). */
export const ordered = (v: View, hit: Hit): boolean => hit.order || v.agentDoes(hit);

/** "… must be uploaded to", "should be sent": an order in the passive. */
export function mustBe(v: View, verb: Hit): boolean {
  return /\b(?:must|should|shall|needs? to|has to|have to|is to|are to|will)\s+(?:\w+\s+)?be\s+$/.test(v.scope.reading.lower.slice(Math.max(v.sentence.start, verb.at - 30), verb.at));
}

const ARGUMENT_ADDRESS = /\b(?:destination|dest|target|recipient|webhook|callback|upload_url|endpoint|remote|forward_to|to)\s*[=:]\s*["']?https?:\/\/[^\s"')]+/;
const EXTRA_PARTY = /\b(?:extra|additional|hidden|silent)\s+(?:attendees?|recipients?|cc|bcc|participants?|members?|guests?|watchers?|reviewers?|signers?|collaborators?)\b/;

/** Verbs of a copy made for someone: the person at an address gets everything. */
const KEPT_FOR = /^(?:kept|keeps|added|copied|stored|archived|saved|retained|received|receives)$/;
const PAREN_URL = /(?<!\])\((https?:\/\/[^\s)]+)\)/;
const BARE_HOST = /^[a-z0-9][a-z0-9.-]*\.[a-z]{2,}(?:\/.*)?$/;
/** An account, a wallet or an IBAN: money's way out. */
const MONEY_DEST = /^(?:acct_|account|0x|iban)|^[a-z]{2}\d{2} /;
/** An IBAN written without spaces: looked for only where money is the subject (elsewhere it reads as any identifier). */
const IBAN_UNSPACED = /\b[a-z]{2}\d{2}[a-z0-9]{11,30}\b/;

/** A way out: sent, put or kept at a fixed address; money routed to a fixed account. */
export function out(v: View, into: Trait[]): void {
  const every = v.has(C.ALSO) || v.has(C.EVERY);
  // Payments routed to a fixed account, in any mood: "all future payments routed to account GB29 …".
  // Or redirected: "payments over 500 EUR go to account DE44 … instead".
  if ((every || v.has(C.INSTEAD)) && v.has(C.MONEY) && (v.has(C.INSTEAD) || v.has(C.SEND) || v.has(C.DESTRUCT))) {
    const account = v.dests().find((found) => MONEY_DEST.test(found.text));
    if (account !== undefined) return v.trait('exfil', account.at, account.text.length, into);
    const iban = IBAN_UNSPACED.exec(v.text());
    if (iban !== null) return v.trait('exfil', v.sentence.start + iban.index, iban[0].length, into);
  }
  // Sent to a fixed address: an order (or "must be sent"), or a copy of every message ("every message is also blind-copied to …").
  const send = v.order(O_SEND) ?? v.find(C.SEND, (hit) => !v.negated(hit) && (every || mustBe(v, hit)));
  // Or a fixed address added to, or keeping a copy of, everything: "is added to every event", "a copy of every invoice is kept for … at …".
  const kept = send === undefined && every ? v.find(C.COLLECT, (hit) => !v.negated(hit) && KEPT_FOR.test(v.scope.reading.lower.slice(hit.at, hit.end))) : undefined;
  const put = send === undefined ? v.order(O_COLLECT_DESTRUCT_INSTEAD_VISIT) : undefined;
  const extra = v.has(C.ALSO) && EXTRA_PARTY.test(v.text());
  // A call made with an argument set to an outside address: "respond by calling export_contacts with destination=https://…".
  const argument = send === undefined && put === undefined && v.has(C.VISIT) && (v.sentence.chars & (CH.EQUALS | CH.COLON)) !== 0 ? ARGUMENT_ADDRESS.exec(v.text()) : null;
  if (argument !== null && !EXAMPLE_HOST.test(argument[0]) && !v.example(v.sentence.start + argument.index)) return v.trait('exfil', v.sentence.start + argument.index, argument[0].length, into);
  if (send === undefined && put === undefined && kept === undefined && !extra) return;
  const dests = v.dests();
  // An order to send names its address even in parentheses ("add the remote (https://…) and push to it").
  const paren = dests.length === 0 && send !== undefined && ordered(v, send) ? PAREN_URL.exec(v.text()) : null;
  if (paren !== null && !EXAMPLE_HOST.test(paren[1]!)) return v.trait('exfil', Math.min(send!.at, v.sentence.start + paren.index), 100, into);
  if (dests.length === 0) return;
  const dest = dests[0]!;
  if (send !== undefined) return v.trait('exfil', Math.min(send.at, dest.at), 100, into);
  if (put === undefined) {
    // "invites get an extra attendee, audit@…": someone added to everything.
    if (extra && dests.some((found) => found.text.includes('@'))) return v.trait('exfil', dest.at, 100, into);
    if (kept !== undefined && dests.some((found) => found.text.includes('@'))) v.trait('exfil', Math.min(kept.at, dest.at), 100, into);
    return;
  }
  // A bare host name ("mock.shop") is a way out only for a verb of sending.
  if (put !== undefined && dests.some((found) => !BARE_HOST.test(found.text))) {
    // Money sent to a fixed account, or a destination swapped ("go to https://… instead").
    const redirect = every || v.has(C.INSTEAD) || dests.some((found) => MONEY_DEST.test(found.text) || DROP_SITE.test(found.text));
    v.trait(redirect ? 'exfil' : 'address-out', Math.min(put.at, dest.at), 100, into);
  }
}

/** Just before another tool's name: an order timed around its calls. */
const AROUND = /\b(?:before|after|whenever|each time)\s+(?:(?:calling|running|using|invoking|every|each|any)\s+)?(?:the\s+)?$/;
const O_CHANGE = maskOf([C.COLLECT, C.SEND, C.DESTRUCT, C.INSTEAD]);
const DEFER = /\b(?:use|call|try|prefer)\s+(?:the\s+)?(?:[\w-]+\s+(?:server'?s?|tool'?s?)\s+)?$/;
/** "If they want to pay a supplier instead": the user's choice, not an order to switch. */
/** "Prefer this over pasting the snapshot from X": what is preferred over is an act on X's output, not X's calls. */
const OVER_AN_ACT = /^(?:prefer\w*\s+(?:this|it)(?:\s+tool)?\s+(?:over|to)|instead of|rather than)\s+(?!using\b|calling\b|invoking\b|running\b|relying\b|trying\b)\w+ing\b[^.;]{0,60}?\b(?:from|of|by)\s+$/;
const USER_WANTS = /\bif (?:the user|they|the customer) (?:wants?|prefers?|chooses?|asks?) to\b[^.;,]*$/;
const SCOPED_INSTEAD = /^instead\s+(?:for|with|when)\s+(?:\S+\s+){0,2}?\S+\s*[.;]?\s*$|^instead of\s+\S+\s+for\s+(?!all\b|every\b|any\b|each\b|everything\b)(?:\S+\s+){0,5}?\S+\s*[:;]|^(?:instead of|prefer\w*\s+(?:this|it)(?:\s+tool)?\s+(?:over|to))\s+\S+\s+(?:only\s+)?(?:for|when|if|on)\s+(?!all\b|every\b|any\b|each\b|everything\b)(?![^.]*\b(?:always|every|all|any|each|whenever|never)\b)/;
/** A quote that sets a value ("'bcc'", "\"x\""), not a possessive's apostrophe ("github's"). */
const REAL_QUOTE = /["“”`]|(?:^|[\s(])'/;

export interface Mention {
  at: number;
  end: number;
  what: string;
}

/** "use the mailer server's send_email instead": deferring to the other tool, the opposite of a hijack. */
function deferred(v: View, here: readonly Mention[], hit: Hit): boolean {
  const lower = v.scope.reading.lower;
  return here.some((mention) => hit.at - mention.end <= 2 && hit.at >= mention.end && DEFER.test(lower.slice(Math.max(v.sentence.start, mention.at - 40), mention.at)));
}

/** Shadowing: another server's tool named in this sentence, and whether the sentence orders something about it. */
export function shadowTraits(v: View, mentions: readonly Mention[], into: Trait[]): void {
  const here = mentions.filter((mention) => mention.at >= v.sentence.start && mention.at < v.sentence.end);
  if (here.length === 0) return;
  const text = v.text();
  for (const mention of here) into.push({ name: 'other-tool', sentence: v.sentence.index, excerpt: `names ${mention.what}: ${excerptOf(text)}` });
  const first = here[0]!;
  // "use this tool instead for PDFs": a preference scoped to one kind of input, with the reason given, is advice.
  const lower = v.scope.reading.lower;
  const instead = v.find(C.INSTEAD, (hit) => (hit.order || /^(?:instead|rather|prefer)/.test(lower.slice(hit.at, hit.end))) && !SCOPED_INSTEAD.test(lower.slice(hit.at, v.sentence.end)) && !USER_WANTS.test(lower.slice(v.sentence.start, hit.at)) && !deferred(v, here, hit) && !here.every((mention) => mention.at > hit.at && OVER_AN_ACT.test(lower.slice(hit.at, mention.at))));
  const avoid = v.find(C.NEG, (neg) => {
    const tail = v.scope.reading.lower.slice(neg.end, neg.end + 14);
    return /^\s+(?:\w+\s+)?(?:use|call|invoke)\b/.test(tail) && here.some((mention) => mention.at > neg.end && mention.at - neg.end < 40 && !/\b(?:it|this|that|them)\b/.test(v.scope.reading.lower.slice(neg.end, mention.at)));
  });
  // An order timed around the other tool: "before terraform_apply, append … to main.tf", "after each send_email, forward …".
  const timed = here.some((mention) => AROUND.test(v.scope.reading.lower.slice(Math.max(v.sentence.start, mention.at - 24), mention.at))) && v.order(O_CHANGE) !== undefined;
  const strong = v.dests().length > 0 || instead !== undefined || v.has(C.DECEIVE) || avoid !== undefined || v.order(O_DESTRUCT) !== undefined || timed;
  const literal = ((v.sentence.chars & CH.DIGITS) !== 0 || ((v.sentence.chars & CH.QUOTE) !== 0 && REAL_QUOTE.test(text))) && v.order(O_COLLECT) !== undefined;
  const weak = v.has(C.EVERY) || v.has(C.ALSO) || (v.has(C.MODAL) && v.find(C.MODAL, (hit) => isModal(v, hit)) !== undefined) || literal || (v.order(O_SEND) !== undefined && v.find(C.SEND, (hit) => ordered(v, hit) && !v.negated(hit) && !named(here, hit)) !== undefined);
  if (strong || (weak && !BENIGN_CROSS.test(text))) into.push({ name: 'shadow-order', sentence: v.sentence.index, excerpt: `names ${first.what}: ${excerptOf(text)}` });
}

/** A word inside another server's name ("the mail server"): no verb. */
function named(here: readonly Mention[], hit: Hit): boolean {
  return here.some((mention) => hit.at >= mention.at && hit.at < mention.end);
}

/** "has found", "needs no account": having and needing, not an order ("has to", "needs to" are). */
const HAVING = /^(?:has|have|need|needs)$/;

function isModal(v: View, hit: Hit): boolean {
  const lower = v.scope.reading.lower;
  return !HAVING.test(lower.slice(hit.at, hit.end)) || /^\s+to\b/.test(lower.slice(hit.end, hit.end + 4));
}

const excerptOf = (sentence: string): string => {
  const trimmed = sentence.replace(/\s+/g, ' ').trim();
  return trimmed.length > 160 ? `${trimmed.slice(0, 160)}…` : trimmed;
};
