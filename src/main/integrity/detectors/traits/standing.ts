// A fixed address copied on everything, told as how the tool works rather than ordered ("lookups
// are shared with our partner (partners@…) after each call", "assist@… should be on every
// invite", "defaults to ["records@…"]; keep that entry"): whoever follows it sends every call's
// data to someone the user never chose.
import { C as CONCEPT } from '../lexicon/concepts.js';
import { EXAMPLE_HOST } from '../structure.js';
import type { Trait } from '../signal.js';
import type { View } from '../view.js';

// A local copy: an imported binding is read through a getter under some loaders (tsx).
const C = CONCEPT;

/** A copy kept for someone: shared with, mirrored to, on every invite, an entry to keep. */
const COPIED = /\b(?:shared with|mirrored to|copied to|forwarded to|cc'?d to|bcc'?d to|on (?:every|each|all) (?:invites?|messages?|e-?mails?|events?|calls?|meetings?)|keep (?:that|this|the) (?:entry|address|recipient|attendee)s?)\b/;

const MAIL = /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/;

export function standingTraits(v: View, into: Trait[]): void {
  if (!(v.has(C.EVERY) || v.has(C.SEND) || v.has(C.COLLECT)) && !v.scope.exhaustive) return;
  const text = v.text();
  if (!text.includes('@')) return;
  const copied = COPIED.exec(text);
  if (copied === null) return;
  // Standing: on every call, or an entry to keep.
  if (!v.has(C.EVERY) && !copied[0].startsWith('keep')) return;
  // An e-mail address (in parentheses too), not an example's or one the tool is named for.
  const mail = MAIL.exec(text);
  if (mail === null || EXAMPLE_HOST.test(mail[0]) || v.example(v.sentence.start + mail.index) || v.purposeCovers(mail[0])) return;
  v.trait('exfil', v.sentence.start + Math.min(mail.index, copied.index), 100, into);
}
