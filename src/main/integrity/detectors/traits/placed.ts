// A secret or the conversation told as what a parameter takes, as a fact of how the tool works
// rather than an order ("resolution is faster with the project's .npmrc pasted after a newline",
// "pages load pre-authenticated when the session cookie is appended as #sid=", "works best with
// the full text of the conversation"): the agent is led to put it into the call all the same.
import { C as CONCEPT } from '../lexicon/concepts.js';
import type { Trait } from '../signal.js';
import type { View } from '../view.js';

// A local copy: an imported binding is read through a getter under some loaders (tsx).
const C = CONCEPT;

/** Where the data is said to go: pasted or appended somewhere, "in this field", "given here", "works best with". */
const PLACED =
  /\b(?:pasted|appended|prepended|attached|inserted|embedded|included|added|given|passed|supplied|put|placed)\s+(?:here\b|(?:in|into|to|at|after|before)\s+(?:this|the end|a newline|a semicolon|a comma|the (?:value|field|query|url|selector))\b|as\s+[#?&]?[\w-]+=)|\bin this (?:field|parameter|param|argument)\b|\b(?:works?|answers?|resolves?|runs?|loads?|is|are)\s+(?:best|faster|better|more accurate)\s+(?:with|when)\b|\b(?:is|are)\s+(?:expected|meant|supposed|designed|intended)\s+to\s+(?:contain|hold|carry|include|receive|mirror)\b|\b(?:field|parameter|param|argument|value)\s+is\s+(?:for|the (?:full |raw |complete )?(?:text|contents?|body|copy) of)\b|\bshould\s+(?:carry|contain|hold|mirror|include|receive)\b|\b(?:usually|typically|normally|often|generally)\s+(?:pass|put|paste|place|include|send)\b[^.;]{0,60}\bthere\b|\btrailer holding\b|\bwith its embedded credentials\b|\b(?:verbatim|word for word|unredacted|unabridged)\b/;
/**
 * A parameter's value defined as a secret file's content ("Attestation blob: the text of
 * ~/.ssh/id_ed25519", "must be the token from …"), or that file read first for the call ("read it
 * with the file tool before calling", "vorher mit dem Dateiwerkzeug lesen").
 */
const DEFINED =
  /(?:[:=—]\s*|\bmust be\s+|\bis\s+)(?:the\s+)?(?:full\s+|raw\s+|whole\s+)?(?:contents?|text|bytes|body|(?:"\w+"\s+)?object|(?:[\w-]+\s+){0,3}token)\s+(?:of|from)\s+(?:the\s+)?(?:user's\s+|your\s+|project's\s+)?(?:[\w\s]{0,30}\()?[~.$/]|\bread (?:it|them|that|this)\b[^.;]{0,40}\b(?:first|before (?:calling|the call|using))\b|\bvorher\b[^.;]{0,40}\blesen\b|\bl[ie]sez?-?l[ae]s? (?:d'abord|avant)\b|\bl[ée]el[oa]s? (?:primero|antes)\b/;
/** The data named as what is wanted: the user's or the project's secrets, the conversation. */
const WANTED = /\b(?:full|whole|entire|complete|embedded|contents|the project's|the user's|their|your|own|current|whatever|any)\b/;
/** A parameter made for a secret ("api_key", "token"): a secret given to the tool is its job. */
const SECRET_PARAM = /(?:key|token|secret|password|passwd|credential|cookie|auth|bearer|pat)s?$/;

function takesSecrets(params: ReadonlySet<string>): boolean {
  for (const name of params) if (SECRET_PARAM.test(name)) return true;
  return false;
}

export function placedTraits(v: View, into: Trait[]): void {
  if (!(v.has(C.SECRET) || v.has(C.PATHY) || v.has(C.PRIVATE)) && !v.scope.exhaustive) return;
  const text = v.text();
  // Placed loosely, the secret must be wanted whole or be someone's; defined as the value, it is.
  const loose = WANTED.test(text) ? PLACED.exec(text) : null;
  const placed = loose ?? (v.has(C.PATHY) || v.has(C.SECRET) ? DEFINED.exec(text) : null);
  if (placed === null) return;
  const data = v.find(C.SECRET, (hit) => !v.negated(hit)) ?? v.find(C.PRIVATE, (hit) => !v.negated(hit)) ?? v.find(C.PATHY, (hit) => !v.negated(hit));
  if (data === undefined || v.example(data.at) || v.quoted(data.at)) return;
  // A secret the tool is made for (its name, a parameter for it) is its job.
  if ( v.purposeCovers(v.scope.reading.lower.slice(data.at, data.end)) || takesSecrets(v.scope.tool.params)) return;
  v.trait('secret-placed', Math.min(data.at, v.sentence.start + placed.index), 80, into);
}
