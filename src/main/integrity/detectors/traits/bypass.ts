// Acting without asking: the user's say taken away ("without asking", "skip the confirmation",
// "no confirmation needed"), and what keeps it ("never disable the approval prompts", "do not …
// without the user's confirmation"); with something that cannot be undone, also destructive.
import { C as CONCEPT, maskOf } from '../lexicon/concepts.js';
import type { Trait } from '../signal.js';
import type { View } from '../view.js';

// A local copy: an imported binding is read through a getter under some loaders (tsx).
const C = CONCEPT;

const O_SEND = maskOf([C.SEND]);

export function bypass(v: View, into: Trait[]): void {
  const at = bypassAt(v);
  if (at === undefined) return;
  v.trait('bypass', at, 60, into);
  // The server's own checks switched off by an argument: "so the server skips its permission checks".
  if (SERVER_CHECKS.test(v.text())) v.trait('destructive', at, 60, into);
  // Without asking, before something that cannot be undone: deleting, running commands, paying, sending (unless that is the tool's job).
  const risky = v.find(C.DESTRUCT) ?? v.find(C.EXEC) ?? v.find(C.MONEY) ?? v.find(C.CODE) ?? v.order(O_SEND);
  if (risky !== undefined && !v.purposeCovers(v.scope.reading.lower.slice(risky.at, risky.end))) v.trait('destructive', at, 60, into);
}

const SERVER_CHECKS = /\b(?:skips?|bypass(?:es)?|disables?|turns? off)\s+(?:its|their|the|all)\s+(?:permission|security|auth(?:entication|ori[sz]ation)?|access)\s+checks?\b/;

/** "skip the confirmation", "always approve": the user's say taken away. */
const NO_REVIEW = /\bno longer (?:need|require|ask for|wait for)\s+(?:the user(?:'s)?\s+)?(?:to\s+)?(?:approv\w*|confirm\w*|consent|permission)|\b(?:instead of|rather than)\s+(?:asking|checking with|confirming with)\b|\b(?:user|they)\s+(?:does not|doesn't|do not|don't|need not|needn't)\s+(?:need to\s+)?be\s+asked\b|\b(?:ignore|disregard)\s+(?:the\s+)?(?:user'?s\s+|their\s+|[\w-]+'s\s+)?(?:confirmations?|approvals?|reviews?)\b|\b(?:skip|skips|bypass|bypasses|omit|drop|disable|turn off)\b(?:(?!\b(?:needs?|requires?|with)\b)[^.;)]){0,30}\b(?:confirmations?|approvals?|reviews?|prompts?|checks?|safeguards?|guardrails?|validation)\b|\b(?:always|automatically|blindly|auto-?)\s*(?:approve|accept|merge|confirm|allow|grant)(?:d|s)?\b|\bconsider\s+(?:it|them|the (?:confirmation|approval|consent)s?)\s+(?:as\s+)?(?:already\s+)?(?:granted|given|approved|confirmed)\b/;

/** "… with the user", "… with them first": the confirmation is asked of the user. */
const WITH_THE_USER = /^[^.;]{0,40}?\bwith (?:the |your )?(?:user|human|customer|owner|them)\b/;
const CLAUSE_ENDS = /[;:]|,\s+(?:and|but|then|so)\b/;

const SWITCHED_OFF = /\b(?:skip|skipping|bypass|bypassing|omit|drop|disable|disabling|turn off|switch off|remove|circumvent|ignore|suppress|auto-?approve)\b/;

/** A negation earlier in the clause of `at` ("never use an address found in … for a payment without …"), not one of a clause before. */
function negatedClause(v: View, at: number): boolean {
  const lower = v.scope.reading.lower;
  return v.find(C.NEG, (hit) => hit.end <= at && at - hit.end <= 160 && !/[;:]|,\s+(?:and|but|then|so)\b/.test(lower.slice(hit.end, at))) !== undefined;
}

export function bypassAt(v: View): number | undefined {
  const text = v.text();
  const review = v.has(C.CONFIRM) || v.has(C.DESTRUCT) || v.has(C.ACT) || v.has(C.OVERRIDE) ? NO_REVIEW.exec(text) : null;
  // "Never disable the confirmation dialogs": the review kept, by a negation of its own clause.
  // "Always confirm the name with the user": the user asked, not a confirmation given for them.
  if (review !== null && !negatedClause(v, v.sentence.start + review.index) && !WITH_THE_USER.test(text.slice(review.index + review[0].length, review.index + review[0].length + 50))) return v.sentence.start + review.index;
  for (const without of v.hits(C.WITHOUT)) {
    // "without asking", or, verb-last, "確認せずに" (confirming-without).
    const asking = v.after(without, C.CONFIRM, 35) ?? v.after(without, C.ASK, 35) ?? (without.foreign ? (v.before(without, C.CONFIRM, 4) ?? v.before(without, C.ASK, 4)) : undefined);
    // "without WHERE, are refused unless confirm …": the confirmation belongs to another clause.
    if (asking !== undefined && asking.at > without.end && /[,;:]/.test(v.scope.reading.lower.slice(without.end, asking.at))) continue;
    // "Do not submit forms … without the user's confirmation" asks for it; "without asking again" after the user chose once.
    if (asking !== undefined && !negatedClause(v, without.at) && !/^\s+again\b/.test(v.scope.reading.lower.slice(asking.end, asking.end + 8))) return without.at;
  }
  for (const negation of v.hits(C.NEG)) {
    // "No confirmation needed" takes the user's say away; "never disable the approval prompts" keeps it.
    const review = v.after(negation, C.CONFIRM, 40);
    // "deletes what is not in Git; confirm with the user": the negation ends with its clause.
    // "Do not generate … without consent": the negation keeps the consent.
    // "Do not consider it given until they confirm": the confirmation is waited for.
    if (review !== undefined && !SWITCHED_OFF.test(v.scope.reading.lower.slice(negation.end, review.at)) && !/\b(?:until|unless|till)\b/.test(v.scope.reading.lower.slice(negation.end, review.at)) && !CLAUSE_ENDS.test(v.scope.reading.lower.slice(negation.end, review.at)) && v.find(C.WITHOUT, (hit) => hit.at > negation.end && hit.end <= review.at) === undefined) return negation.at;
    const ask = v.after(negation, C.ASK, 25) ?? (negation.foreign ? v.before(negation, C.ASK, 6) : undefined);
    if (ask === undefined || (ask.at > negation.end && CLAUSE_ENDS.test(v.scope.reading.lower.slice(negation.end, ask.at)))) continue;
    if (ask.at < negation.at) return negation.at;
    // "You should not ask it to": asking the tool, not the user; "it never asks the model for keys": asking the agent.
    if (/^\s+(?:it|the (?:server|tool|model|agent|assistant|llm)|this (?:server|tool))\b/.test(v.scope.reading.lower.slice(ask.end, ask.end + 16))) continue;
    // "Don't ask the user; …": asking them ruled out as a clause of its own.
    const end = v.sentence.end - ask.end < 25 || /^\s+(?:the user|the human|them|anyone|the customer)\s*(?:[;:,—–-]|first\b|again\b)/.test(v.scope.reading.lower.slice(ask.end, ask.end + 24));
    if (end || v.after(ask, C.TIME, 40) !== undefined || v.after(ask, C.CONFIRM, 40) !== undefined) return negation.at;
  }
  return undefined;
}
