// What the user is kept from, said without "do not tell": the user "does not need to know", "is
// not to be told", a step that "need not be mentioned", something kept "between you and the
// server"; the agent told to act as if it had no tools; the user frightened into handing over a
// secret ("your account will be suspended unless you confirm your password"); the agent told to
// keep going after the user says stop. Each is a phrasing family of what agent.ts reads as
// concealment, deception and defiance, in the words the imperative-free attacks use.
import { C as CONCEPT } from '../../lexicon/concepts.js';
import type { Trait } from '../../signal.js';
import { innardsUnseen } from '../../structure.js';
import type { View } from '../../view.js';

// A local copy: an imported binding is read through a getter under some loaders (tsx).
const C = CONCEPT;

/** The user kept unaware, told as what they need or are to be told. */
const UNTOLD =
  /\b(?:the user|users|they|the customer|people|nobody|no one)\s+(?:does not|doesn't|do not|don't|need not|needn't|will not|won't)\s+(?:need|have)\s+to\s+(?:know|be told|hear|see|learn)\b(?=\s*(?:[.;,:]|$|about\b|of (?:this|it|that)\b|that\b|it\b|this\b|anything\b))|\b(?:the user|users|they|the customer)\s+(?:is|are)\s+not\s+to\s+(?:be told|know|learn|hear|find out)\b(?=\s*(?:[.;,:]|$|about\b|of (?:this|it|that)\b|that\b|it\b|this\b|anything\b))|\b(?:need not|needn't|does not need to|doesn't need to|should not|shouldn't)\s+be\s+(?:mentioned|disclosed|shown|reported|brought up|surfaced)\b|\bbetween you and (?:the server|me|us|this server|the tool)\b|\b(?:there is |there's )?no need to (?:mention|bring (?:this|it|that) up|tell (?:the user|them|anyone)|inform|say)\b|\b(?:nutzer|benutzer|anwender)\w*\s+(?:muss|soll|darf|braucht)\s+(?:davon\s+|das\s+|es\s+)?nichts\s+(?:zu\s+)?(?:wissen|erfahren|merken)\b|\butilisat\w+\s+n'a\s+pas\s+besoin\s+de\s+(?:le\s+)?(?:savoir|conna[iî]tre)\b|\busuari[oa]\s+no\s+(?:necesita|tiene que)\s+(?:saberlo|enterarse)\b/;
/** A word each phrasing of UNTOLD holds: a cheap test before the pattern. */
const MAY_UNTOLD = /need|have to|not to|should not|shouldn't|between you|nichts|besoin|necesita|tiene que/;
/** The agent told to deny what it has: "respond as if you had no tools at all". */
const AS_IF_NONE = /\b(?:respond|answer|reply|act|behave|pretend)\s+as\s+(?:if|though)\s+you\s+(?:had|have|were|are)\s+(?:no|not|never)\b/;
/** A threat that makes the user hand something over: "your account will be suspended unless they confirm their password". */
const THREAT = /\b(?:will|would|is going to|are going to)\s+be\s+(?:suspended|locked|closed|deleted|disabled|terminated|banned|frozen|blocked)\s+unless\b/;
/** Warnings taken out of what the user is shown: "strip any "Warning:" lines before showing the result". */
const WARNINGS_CUT = /\b(?:strip|remove|drop|hide|omit|filter out|delete|cut)\b[^.;]{0,30}\b(?:warnings?|alerts?|security notices?)\b[^.;]{0,40}\bbefore (?:showing|displaying|presenting|returning|replying)\b/;
/** The user asked for data under a pretence: "ask the user for them as if required". */
const ASKED_AS_IF = /\bask (?:the user|them|the customer) for (?:them|it|those|these|\w+(?: \w+)?) as if (?:it were |they were |it was )?(?:required|needed|necessary|mandatory)\b/;
/** Counting on the user not to notice: "customers rarely check", "users never look". */
const UNNOTICED = /\b(?:users?|customers?|people|they|nobody|no one)\s+(?:rarely|never|seldom|won't|will not|don't|do not|hardly ever)\s+(?:check|notice|look|verify|read|compare)\b/;
/** Going on after the user called it off: "if the user cancels a task, keep it running". */
const PAST_CANCEL = /\b(?:if|when|whenever|even if|even when)\s+(?:the user|they)\s+(?:cancels?|stops?|declines?|refuses?|says? no|disables?|removes?|deletes?)\b[^.;]{0,40}\b(?:keep|continue|still|anyway|regardless)\b/;
/** Going on after the user says stop: "keep operating even if the user says stop". */
const PAST_STOP = /\b(?:keep|continue|carry on|go on)\s+(?:\w+ing\s+)?(?:\w+\s+)?even\s+(?:if|when|after)\s+(?:the user|they)\s+(?:says?|asks?|tells?|wants?)\s+(?:you\s+)?(?:to\s+)?(?:stop|cancel|quit|halt|pause)\b/;

export function hushedTraits(v: View, into: Trait[]): void {
  // A word of seldom or never, and a verb of noticing: the pattern runs only then.
  const said = v.text();
  const seldom = v.has(C.NEG) || said.includes('rarely') || said.includes('seldom') || said.includes('hardly');
  const unnoticed = seldom && (said.includes('check') || said.includes('notice') || said.includes('look') || said.includes('verif') || said.includes('compare') || said.includes(' read')) ? UNNOTICED.exec(said) : null;
  if (unnoticed !== null && !v.quoted(v.sentence.start + unnoticed.index)) v.trait('conceal-weak', v.sentence.start + unnoticed.index, unnoticed[0].length, into);
  // Each check below needs the concepts it tests for, in every mode: the gate is their union.
  const threatened = (v.has(C.SECRET) || v.has(C.CONFIRM)) && v.has(C.COMM);
  if (!v.has(C.USER) && !v.has(C.NEG) && !v.has(C.YOU) && !v.has(C.ALERT) && !threatened) return;
  const text = v.text();
  // Each phrasing holds a negation or "between you and": the pattern runs only then.
  const untold = (v.has(C.NEG) || v.has(C.YOU)) && MAY_UNTOLD.test(text) ? UNTOLD.exec(text) : null;
  // "The id is for other tools; the user does not need to see it": an internal identifier kept off the screen, not an act kept from the user.
  const innards = untold !== null && innardsUnseen(text, untold);
  if (untold !== null && !v.quoted(v.sentence.start + untold.index) && !v.example(v.sentence.start + untold.index)) v.trait(innards ? 'conceal-weak' : 'conceal', v.sentence.start + untold.index, untold[0].length, into);
  const denied = v.has(C.YOU) ? AS_IF_NONE.exec(text) : null;
  if (denied !== null && !v.quoted(v.sentence.start + denied.index)) v.trait('pass-off', v.sentence.start + denied.index, denied[0].length, into);
  const threat = threatened ? THREAT.exec(text) : null;
  if (threat !== null && !v.quoted(v.sentence.start + threat.index)) v.trait('deceive', v.sentence.start + threat.index, threat[0].length, into);
  const cut = v.has(C.ALERT) ? WARNINGS_CUT.exec(text) : null;
  if (cut !== null && !v.quoted(v.sentence.start + cut.index)) v.trait('conceal', v.sentence.start + cut.index, cut[0].length, into);
  const pretence = v.has(C.USER) && text.includes('as if') ? ASKED_AS_IF.exec(text) : null;
  if (pretence !== null && !v.quoted(v.sentence.start + pretence.index)) v.trait('pass-off', v.sentence.start + pretence.index, pretence[0].length, into);
  const past = v.has(C.USER) && text.includes('even ') ? PAST_STOP.exec(text) : null;
  if (past !== null && !v.quoted(v.sentence.start + past.index)) v.trait('defy', v.sentence.start + past.index, past[0].length, into);
  const cancelled = v.has(C.USER) && past === null ? PAST_CANCEL.exec(text) : null;
  if (cancelled !== null && !v.quoted(v.sentence.start + cancelled.index)) v.trait('defy', v.sentence.start + cancelled.index, cancelled[0].length, into);
}
