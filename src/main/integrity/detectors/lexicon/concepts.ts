// The concepts a word can stand for, in any language: what the traits (traits/*.ts) are made of.
// A word maps to one or more concepts; a sentence holds the set of its words' concepts (two
// 32-bit masks, `lo` for ids below 32 and `hi` for the rest).

export const C = {
  /** not, never, no, without-like negations. */
  NEG: 0,
  /** tell, mention, reveal, show, say, inform, notify, report… */
  COMM: 1,
  /** the user, the human, them. */
  USER: 2,
  /** silently, secretly, quietly… */
  STEALTH: 3,
  /** confirm, confirmation, approval, permission. */
  CONFIRM: 4,
  /** ignore, disregard, forget, override, bypass, cancel, suspend. */
  OVERRIDE: 5,
  /** previous, prior, earlier, above, original, all, your, system. */
  PRIOR: 6,
  /** instructions, rules, guidelines, policies, prompt, requests. */
  INSTR: 7,
  /** assistant, AI, model, LLM, agent, Claude. */
  AGENT: 8,
  /** note, message, memo, attention, hey, dear. */
  NOTE: 9,
  /** passwords, tokens, credentials, secrets, cookies, private keys. */
  SECRET: 10,
  /** the conversation, the transcript, the clipboard: private whoever owns them. */
  PRIVATE: 11,
  /** files, messages, address, calendar…: private when they are the user's. */
  PERSONAL: 12,
  /** user's, their, every, whole, other…: what makes a PERSONAL noun the user's. */
  POSS: 13,
  /** include, put, pass, attach, add, paste, set, contain, hold. */
  COLLECT: 14,
  /** parameter, argument, field. */
  PARAM: 15,
  /** send, post, upload, email, forward, mirror, share, submit. */
  SEND: 16,
  /** read, open, load, cat, find, collect, dump. */
  READ: 17,
  /** run, execute, shell, terminal, command, sudo. */
  EXEC: 18,
  /** delete, wipe, transfer, grant, disable, drop. */
  DESTRUCT: 19,
  /** every, each, always, whenever, all, any. */
  EVERY: 20,
  /** this, current, here. */
  THIS: 21,
  /** tool, server, function, plugin. */
  TOOL: 22,
  /** other, another, else. */
  OTHER: 23,
  /** important, critical, mandatory, urgent, attention. */
  IMPORTANT: 24,
  /** pretend, claim, verified, official, unavailable, broken, your own. */
  DECEIVE: 25,
  /** pre-approved, consented, agreed, opted in, cleared, authorized. */
  CONSENT: 26,
  /** reply, answer, response. */
  REPLY: 27,
  /** system, developer, admin, root, maintenance, jailbreak. */
  ROLE: 28,
  /** treat, trust, obey, follow, act on. */
  TRUST: 29,
  /** must, should, need to, have to, please: an order follows. */
  MODAL: 30,
  /** also, then, first, always, just: an order may still follow. */
  SKIP: 31,
  /** contents, text, whole, body, data: the thing itself rather than its name. */
  CONTENT: 32,
  /** path, default, location, identity file: a name rather than the thing. */
  PATHWORD: 33,
  /** e.g., example, such as, for instance, like. */
  EXAMPLE: 34,
  /** without. */
  WITHOUT: 35,
  /** ask. */
  ASK: 36,
  /** instead, rather, replace, redirect, route. */
  INSTEAD: 37,
  /** also, as well, in addition, a copy. */
  ALSO: 38,
  /** payment, card, IBAN, account, wallet, funds, balance. */
  MONEY: 39,
  /** recommend, promote, upgrade, buy, premium. */
  ADVERT: 40,
  /** before, after, first, start, beginning. */
  TIME: 41,
  /** open, visit, navigate, fetch, call, resolve: a request to an address. */
  VISIT: 42,
  /** a word that names where secrets live (ssh, .env, kubeconfig…): the secret-path pattern runs. */
  PATHY: 43,
  /** hidden, invisible, display, visible, see, eyes, reading: words of what is seen. */
  SEEN: 44,
  /** you, your, yourself. */
  YOU: 45,
  /** shell-ish or code words: curl, wget, bash, sh, powershell, requests, os. */
  CODE: 46,
  /** and, or, then: the mood of the verb before carries over. */
  AND: 47,
  /** it, that, this, so, anything, step, call, about: what a concealment hides is the act itself. */
  REF: 48,
  /** base64, hex, rot13, caesar, morse, backwards, decode: a word that names an encoding. */
  ENCODING: 49,
  /** the, and, to, of, your written backwards ("eht", "dna"): reversed text. */
  BACKWARDS: 50,
  /** the, and, to, of, your in ROT13 ("gur", "naq"). */
  ROT: 51,
  /** Other verbs an order starts with (create, make, use, save…): they carry the mood to "and put…". */
  ACT: 52,
  /** security, alert, warning, password reset, sign-in, fraud: notices a user must see. */
  ALERT: 53,
} as const;

export type ConceptName = keyof typeof C;
export const CONCEPT_COUNT = 54;

/** Two masks: concepts below 32 in `lo`, the others in `hi`. */
export interface Mask {
  lo: number;
  hi: number;
}

export function maskOf(ids: readonly number[]): Mask {
  let lo = 0;
  let hi = 0;
  for (const id of ids) {
    if (id < 32) lo |= 1 << id;
    else hi |= 1 << (id - 32);
  }
  return { lo, hi };
}

export function hasConcept(lo: number, hi: number, id: number): boolean {
  return id < 32 ? ((lo >>> id) & 1) === 1 : ((hi >>> (id - 32)) & 1) === 1;
}
