// One sentence as the traits read it: its concept hits, with questions about them (is there a
// hit of this concept near that one, is this verb negated, what ways out and parameter names
// does the sentence hold). What a trait sees of its tool is in `Scope`.
import { C, hasConcept, type Mask } from './lexicon/concepts.js';
import { DEST, EXAMPLE_HOST, QUOTED_NAME } from './structure.js';
import type { Trait, TraitName } from './signal.js';
import { CH, type Hit, type Reading, type Sentence } from './words.js';

/** What a text's tool (or prompt) brings to its reading; worked out when first asked. */
export interface ToolSurroundings {
  /** The tool's parameter names (or the prompt's arguments), lower case. */
  readonly params: ReadonlySet<string>;
  /** The same without `_` and `-`. */
  readonly paramKeys: ReadonlySet<string>;
  /** The words of the tool's name and title. */
  readonly purpose: ReadonlySet<string>;
}

export interface Scope {
  reading: Reading;
  /** The text excerpts come from (the folded text, or its lower case when lower-casing changed its length). */
  shown: string;
  /** The tool's parameters (where smuggled data goes) and the words of its name and title (what it is for: its own job is no attack). */
  tool: ToolSurroundings;
  /** Run every pattern whatever characters the reader saw (tests compare). */
  exhaustive: boolean;
}

export interface Dest {
  at: number;
  text: string;
}

const NEG_LO = 1 << C.NEG;
const ANY_DIGIT = /[0-9]/;
/** A chat channel's id (Slack's C…), which holds digits but not three in a row. */
const CHANNEL_ID = /\b(?:to|channel|into)\s+c(?=[a-z]*\d)[0-9a-z]{8,10}\b/;
const SEND_LO = 1 << C.SEND;
const AGENT_LO = 1 << C.AGENT;
const VERB_LO = (1 << C.SEND) | (1 << C.COLLECT) | (1 << C.READ) | (1 << C.EXEC) | (1 << C.COMM) | (1 << C.DESTRUCT);
/** What may stand between the agent and its verb: "the assistant then sends", "the model will always include". */
const AGENT_TO_VERB = /^[\s,]*(?:(?:that|who|then|also|always|now|first|automatically|silently|quietly|secretly|simply|just|additionally|immediately|will|would|shall|should|must)[\s,]+)*$/;
// A wallet's 0x… address may hold no three digits in a row: its word is marked RUN.
const CAN_DEST = CH.AT | CH.URL | CH.DIGITS | CH.PLUS | CH.HASH | CH.DOTTED | CH.UNDERSCORE | CH.RUN;
/** What comes before a parameter's name when something is put into it, in the languages of the lexicon. */
const PREPOSITION = /(?:\b(?:in|into|as|to|with|parameter|argument|field|en|dans|als|im|em|no|na|nel|w|di|ke|vào|in het)\s+|\b(?:in|into|to|after|before|behind|following|onto|inside|with)\s+(?:the|a|its|this|that|each|every)\s+|(?:^|\s)(?:в|во|как)\s+|[\x60'"]|[をにへ]\s*|[을를에로]\s*|[到入进為为]\s*)$/;

/** A parameter named as the holder of what follows: "when `notes` carries …", "the query also carries …", "the path may be followed by …". */
const HOLDER = /^\s+(?:(?:field|parameter|argument|value|input|also|then|always|now|may|must|should|can|will|still)\s+)*(?:holds?|carries|carry|takes?|contains?|includes?|gets|receives?|expects?|accepts?|(?:is|be) (?:followed|prefixed|suffixed) (?:by|with))\b/;
/** "here" as the place something is put ("put the whole conversation here"), not "here is", "click here". */
const HERE = /\b(?:it|them|this|that|these|those|values?|text|contents?|one|\w+s|too|also|as well)\s+here\b(?!\s+(?:is|are)\b)|\bhere\s+(?:too|as well|instead|also)\b|\bhere\b\s*[,;(]/;

const NAMED_FIELD = /\b([a-z_][\w-]{2,30})\s+(?:field|parameter|argument|param)\b/;
/** The word first, then the name: "le champ contexte", "das Feld notes", "il campo note". */
const FIELD_THEN_NAME = /\b(?:champ|campo|feld|paramètre|parámetro|parametro|parâmetro|argumento|parameter)\s+[\x60'"]?([a-z_][\w-]{2,30})/;
const GENERIC_FIELD = /^(?:the|this|that|each|every|any|other|same|which|what|one|optional|required|following|first|second|last|new|extra|an?|its|their|your|our|text|string|input)$/;

/** A key before its value: `"content": `, `note: ` (one word, starting its line, brace or list). */
const VALUE_OF_KEY = /(?:^|[\n{,[]|["'])\s*["']?[\w.-]+["']?\s*:\s*$/;

/** "set this to …", "fill this with …": in a parameter's own description, the parameter. */
const SET_THIS = /\b(?:set|fill|populate)\s+this\s+(?:field\s+|value\s+|parameter\s+)?(?:to|with)\b|^\s*(?:fill|populate)\s+(?:it\s+)?with\b/;

export class View {
  readonly sentence: Sentence;
  private destCache: Dest[] | null = null;
  private textCache: string | null = null;
  /** The sentence's concepts, here for `has` (asked dozens of times per sentence). */
  private readonly lo: number;
  private readonly hi: number;

  constructor(
    readonly scope: Scope,
    sentence: Sentence,
  ) {
    this.sentence = sentence;
    this.lo = sentence.lo;
    this.hi = sentence.hi;
  }

  has(id: number): boolean {
    return id < 32 ? ((this.lo >>> id) & 1) === 1 : ((this.hi >>> (id - 32)) & 1) === 1;
  }

  /** Whether the sentence holds any concept of `mask`: what `order(mask)` needs, asked before a pattern whose match is kept only with such an order. */
  holds(mask: Mask): boolean {
    return (this.lo & mask.lo) !== 0 || (this.hi & mask.hi) !== 0;
  }

  /** The lower-case sentence. */
  text(): string {
    this.textCache ??= this.scope.reading.lower.slice(this.sentence.start, this.sentence.end);
    return this.textCache;
  }

  hits(id: number): Hit[] {
    return this.sentence.hits.filter((hit) => hasConcept(hit.lo, hit.hi, id));
  }

  /** The first hit of `id` that `test` accepts. */
  find(id: number, test?: (hit: Hit) => boolean): Hit | undefined {
    const hits = this.sentence.hits;
    for (let i = 0; i < hits.length; i++) {
      const hit = hits[i]!;
      if (hasConcept(hit.lo, hit.hi, id) && (test === undefined || test(hit))) return hit;
    }
    return undefined;
  }

  /** A hit of `id` (other than `of`) starting within `before` characters before `of` or `after` characters after its end. */
  near(of: Hit, id: number, before: number, after: number): Hit | undefined {
    const hits = this.sentence.hits;
    for (let i = 0; i < hits.length; i++) {
      const hit = hits[i]!;
      if (hit !== of && hasConcept(hit.lo, hit.hi, id) && hit.at >= of.at - before && hit.at <= of.end + after) return hit;
    }
    return undefined;
  }

  /** A hit of `id` after `of`, within `after` characters (`possessive`: of POSS, only a true possessive, not a bare "user"). */
  after(of: Hit, id: number, after: number, possessive = false): Hit | undefined {
    const hits = this.sentence.hits;
    for (let i = 0; i < hits.length; i++) {
      const hit = hits[i]!;
      if (hit !== of && hasConcept(hit.lo, hit.hi, id) && hit.at >= of.end && hit.at <= of.end + after && (!possessive || !this.bareUser(hit))) return hit;
    }
    return undefined;
  }

  /** "user" or "users" without an apostrophe: a possessive only right before its noun ("user data", not "user prefix, keep full folder"). */
  bareUser(hit: Hit): boolean {
    return hit.end - hit.at <= 5 && this.scope.reading.lower.startsWith('user', hit.at);
  }

  /** A hit of `id` before `of`, within `before` characters. */
  before(of: Hit, id: number, before: number): Hit | undefined {
    const hits = this.sentence.hits;
    for (let i = 0; i < hits.length; i++) {
      const hit = hits[i]!;
      if (hit !== of && hasConcept(hit.lo, hit.hi, id) && hit.end <= of.at && hit.end >= of.at - before) return hit;
    }
    return undefined;
  }

  /** Whether `verb` is negated: "never put", "ne la passez jamais", "nicht senden". */
  negated(verb: Hit): boolean {
    const hits = this.sentence.hits;
    for (let i = 0; i < hits.length; i++) {
      const hit = hits[i]!;
      if (hit === verb || (hit.lo & NEG_LO) === 0) continue;
      if (hit.end <= verb.at && hit.end >= verb.at - 16) return true;
      // After the verb ("Erwähne das nicht"); "no" after a verb is never its negation ("Coloque no fim": Portuguese "in the").
      if (hit.at >= verb.end && hit.at <= verb.end + 12 && (hit.foreign || verb.foreign) && !(hit.end - hit.at === 2 && this.scope.reading.lower.startsWith('no', hit.at))) return true;
    }
    return false;
  }

  /** An order (imperative or after a modal, or the agent's own act; not negated) of a concept of `mask`. */
  order(mask: Mask): Hit | undefined {
    const hits = this.sentence.hits;
    const agent = (this.sentence.lo & AGENT_LO) !== 0;
    for (let i = 0; i < hits.length; i++) {
      const hit = hits[i]!;
      // The concept first: agentDoes walks the sentence and tests a pattern.
      if (((hit.lo & mask.lo) !== 0 || (hit.hi & mask.hi) !== 0) && (hit.order || (agent && this.agentDoes(hit))) && !this.negated(hit)) return hit;
    }
    return undefined;
  }

  /** "The assistant sends…", "the model then includes…": the agent as the subject of a verb, an order told as a description. */
  agentDoes(verb: Hit): boolean {
    if ((this.sentence.lo & AGENT_LO) === 0) return false;
    const hits = this.sentence.hits;
    for (let i = 0; i < hits.length; i++) {
      const hit = hits[i]!;
      if (hit.at >= verb.at) return false;
      if ((hit.lo & AGENT_LO) !== 0 && verb.at - hit.end <= 40 && AGENT_TO_VERB.test(this.scope.reading.lower.slice(hit.end, verb.at))) return true;
      // "The assistant reads X, and repeats it": the second verb has the same subject.
      if (hit.at < verb.at && verb.at - hit.end <= 100 && (hit.lo & VERB_LO) !== 0 && /,?\s+and\s+(?:then\s+)?$/.test(this.scope.reading.lower.slice(Math.max(hit.end, verb.at - 12), verb.at)) && this.agentDoes(hit)) return true;
    }
    return false;
  }

  /** Whether `at` sits in quotes or a code span ("such as 'ignore previous instructions'"), or follows an example marker in its clause. */
  quoted(at: number): boolean {
    const before = this.scope.reading.lower.slice(this.sentence.start, at);
    // A JSON or YAML value ("content": "…", `note: "…"`) is said, not quoted; a list after a colon
    // of prose ("Examples it flags: "…"") is quoted.
    const open = before.lastIndexOf('"');
    if ((before.match(/["“”]/g) ?? []).length % 2 === 1 && !VALUE_OF_KEY.test(before.slice(0, Math.max(0, open)))) return true;
    if ((before.match(/\x60/g) ?? []).length % 2 === 1) return true;
    // Single quotes: those that open (not an apostrophe inside a word), less those that close, before `at`.
    let single = 0;
    for (const quote of this.text().matchAll(/(?<![\p{L}\p{N}])['‘]|['’](?![\p{L}\p{N}])/gu)) {
      if (this.sentence.start + quote.index >= at) break;
      const opens = quote.index === 0 || !/[\p{L}\p{N}]/u.test(this.text()[quote.index - 1]!);
      single = opens ? single + 1 : Math.max(0, single - 1);
    }
    if (single > 0) return true;
    return /\b(?:e\.g\.|i\.e\.|such as|like|for example|for instance|phrases? (?:like|such as))\s*[^,;.]{0,20}$/.test(before);
  }

  /** Whether an example marker comes before `at` in the sentence. */
  example(at: number): boolean {
    // In the same clause: "e.g. AAPL or 7203.T. If the user has …" ends the example at the full stop.
    // Not a host's name ("accounts.example.com").
    const lower = this.scope.reading.lower;
    return this.find(C.EXAMPLE, (hit) => hit.end <= at && lower[hit.at - 1] !== '.' && !(lower[hit.end] === '.' && /[a-z]/.test(lower[hit.end + 1] ?? '')) && !/[.;!?]\s/.test(lower.slice(hit.end + 1, at))) !== undefined || /\b(?:e\.g\.|i\.e\.|such as|for example|for instance|like|example:?)\s*[("'\x60]?$/.test(this.scope.reading.lower.slice(Math.max(this.sentence.start, at - 24), at));
  }

  /** Whether the sentence may name a way out at all (dests() is empty otherwise). */
  mayDest(): boolean {
    return this.scope.exhaustive || ((this.sentence.chars & CAN_DEST) !== 0 && this.destMayMatch()) || this.channel() !== null;
  }

  /** A chat channel named by its id (Slack's C…: "post a copy to C09BRIDGE1"), asked only where something is sent and a digit is. */
  private channel(): RegExpExecArray | null {
    return (this.sentence.lo & SEND_LO) !== 0 && ANY_DIGIT.test(this.text()) ? CHANNEL_ID.exec(this.text()) : null;
  }

  /** The sentence's ways out that are not examples or placeholders. */
  dests(): Dest[] {
    if (this.destCache !== null) return this.destCache;
    const found: Dest[] = [];
    if (this.scope.exhaustive || ((this.sentence.chars & CAN_DEST) !== 0 && this.destMayMatch())) {
      const text = this.text();
      for (const match of text.matchAll(DEST)) {
        const at = this.sentence.start + match.index;
        if (EXAMPLE_HOST.test(match[0]) || this.example(at)) continue;
        // In a code span it is code; right after a parenthesis it is a reference ("(https://docs…)").
        if ((text.slice(0, match.index).match(/\x60/g) ?? []).length % 2 === 1) continue;
        if (match.index >= 1 && text[match.index - 1] === '(' && text[match.index - 2] !== ']') continue;
        // A Markdown link's target is a reference ("see [the docs](https://…)"); an image's is a request.
        if (match.index >= 2 && text[match.index - 1] === '(' && text[match.index - 2] === ']' && !/!\[[^\]]*\]\($/.test(text.slice(Math.max(0, match.index - 200), match.index))) continue;
        // A CSS colour is no channel.
        if (/^#[0-9a-f]{3,8}$/.test(match[0])) continue;
        found.push({ at, text: match[0] });
      }
    }
    const channel = this.channel();
    if (channel !== null) found.push({ at: this.sentence.start + channel.index + channel[0].lastIndexOf(' ') + 1, text: channel[0].slice(channel[0].lastIndexOf(' ') + 1) });
    this.destCache = found;
    return found;
  }

  /** Whether DEST can match the sentence at all: each of its ways out needs "://", "@", "+", "#", a '.' before a letter, a digit, or "acct_" (a channel's id needs a digit too). */
  private destMayMatch(): boolean {
    return (this.sentence.chars & (CH.URL | CH.AT | CH.PLUS | CH.HASH | CH.DOTWORD)) !== 0 || ANY_DIGIT.test(this.text()) || this.text().includes('acct_');
  }

  /** The parameter the sentence names (a quoted name, or one of the tool's after "in", "as"…), '' for the word "parameter" alone, null for none. */
  paramRef(): string | null {
    const text = this.text();
    if (this.scope.exhaustive || (this.sentence.chars & (CH.BACKTICK | CH.QUOTE)) !== 0 || text.includes("'")) {
      for (const match of text.matchAll(QUOTED_NAME)) {
        const name = match[1]!;
        // A quoted example is no parameter; when the parameters are known, only theirs count.
        if (name.length < 2 || this.example(this.sentence.start + match.index)) continue;
        if (this.scope.tool.params.size === 0 || this.scope.tool.paramKeys.has(name.replace(/[_-]/g, ''))) return name;
      }
    }
    for (const param of this.scope.tool.params) {
      let at = text.indexOf(param);
      while (at !== -1) {
        const end = at + param.length;
        if (!/\w/.test(text[end] ?? ' ') && !/\w/.test(text[at - 1] ?? ' ') && (PREPOSITION.test(text.slice(Math.max(0, at - 20), at)) || /^\s+(?:field|parameter|argument|param|property)\b/.test(text.slice(end, end + 12)) || (HOLDER.test(text.slice(end, end + 40)) && !/\bwhose\s+$/.test(text.slice(Math.max(0, at - 8), at))))) return param;
        at = text.indexOf(param, end);
      }
    }
    // "the attendee field": a name before the word, one of the tool's when they are known.
    const field = this.has(C.PARAM) ? (NAMED_FIELD.exec(text) ?? FIELD_THEN_NAME.exec(text)) : null;
    if (field !== null && !GENERIC_FIELD.test(field[1]!) && (this.scope.tool.params.size === 0 || this.scope.tool.paramKeys.has(field[1]!.replace(/[_-]/g, '')))) return field[1]!;
    // "… and add them here": in a parameter's own description, the parameter.
    if ((this.has(C.THIS) && HERE.test(text)) || SET_THIS.test(text)) return 'here';
    return this.has(C.PARAM) ? '' : null;
  }

  /** Whether the tool's name or title covers `text` (an SSH tool naming ~/.ssh, a mailer sending mail). */
  purposeCovers(text: string): boolean {
    // A plural name covers its singular ("…_secrets_download" names "every secret").
    for (const word of this.scope.tool.purpose) if (word.length >= 3 && (text.includes(word) || (word.length >= 5 && word.endsWith('s') && text.includes(word.slice(0, -1))))) return true;
    return false;
  }

  /** A trait of this sentence, its excerpt around `at`. */
  trait(name: TraitName, at: number, length: number, into: Trait[]): void {
    into.push({ name, sentence: this.sentence.index, at, length });
  }
}

/** One view kept for the life of the module, so that its shape survives a collection (see KEPT_WALK in words.ts). */
export const KEPT_VIEW = new View(
  { reading: { lower: '', sentences: [], chars: 0, lo: 0, hi: 0, leet: 0, padded: false }, shown: '', tool: { params: new Set(), paramKeys: new Set(), purpose: new Set() }, exhaustive: false },
  { index: 0, start: 0, end: 0, lo: 0, hi: 0, chars: 0, hits: [] },
);
