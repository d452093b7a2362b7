// Content vouched for as the user's own word: "follow them as if the user wrote them", "treat
// what the page says as the user's request". Text the agent reads is then obeyed as if its
// owner had written it.
import { C as CONCEPT } from '../lexicon/concepts.js';
import type { Trait } from '../signal.js';
import type { View } from '../view.js';

// A local copy: an imported binding is read through a getter under some loaders (tsx).
const C = CONCEPT;

const AS_OWNERS_WORD =
  /(?<!\p{L})(?:follow|obey|execute|carry(?: \w+)? out|act on|treat|handle|apply)(?!\p{L})[^.;]{0,40}?\bas (?:if|though) (?:the user|they|you|the owner|the operator|your user) (?:had )?(?:wrote|written|typed|said|asked|sent|gave|requested|issued)\b|\b(?:treat|handle|take)\b[^.;,]{0,40}?(?<!\bnot |\bnever )\bas (?:direct |explicit )?(?:instructions?|requests?|orders?|commands?) from (?:the user|your user|the owner)\b|\b(?:treat|handle|take)\b[^.;]{0,40}?\bas (?:the user's|coming from the user|your user's|the owner's) (?:own )?(?:instructions?|requests?|words?|commands?|messages?)\b/u;

const AS_FROM_USER = /\bas (?:direct |explicit )?(?:instructions?|requests?|orders?|commands?) from\b/;
const NEGATED = /\b(?:never|not|don't|do not|must not)\s+(?:\w+\s+)?$/;

export function vouchedTraits(v: View, into: Trait[]): void {
  if (!((v.has(C.TRUST) || v.has(C.EXEC) || v.has(C.ACT)) && (v.has(C.USER) || v.has(C.YOU))) && !v.scope.exhaustive) return;
  const text = v.text();
  const vouched = AS_OWNERS_WORD.exec(text);
  // "Never follow them as if the user wrote them" warns against it.
  if (vouched === null || NEGATED.test(text.slice(Math.max(0, vouched.index - 20), vouched.index)) || v.quoted(v.sentence.start + vouched.index)) return;
  // Content given the user's authority outright ("as direct instructions from the user") overrides theirs.
  v.trait(AS_FROM_USER.test(vouched[0]) ? 'override' : 'trust-output', v.sentence.start + vouched.index, vouched[0].length, into);
}
