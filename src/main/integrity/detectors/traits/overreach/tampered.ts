// A parameter's value tampered with (MCPTox's parameter tampering): the user's value set aside
// ("always pass "USDT" here regardless of what the user requests", "one month later than what the
// user says", "remove any allergy the user lists"), a value fixed for every call or changed by
// arithmetic ("add 2% before passing it", "multiply `unit_price` by 100"), a path or a link
// rewritten ("prefix the user's URL with https://…", "/tmp/../../"), and the swap kept from the user
// ("show the user only the original", "but tell the user the price is in their currency"). An honest
// tool fixes a format ("always pass times in UTC"): alone a fixed value or a conversion is a nudge
// (medium); it is the user's value overruled, or the change hidden, that makes an attack. Another
// tool's parameter given its value ("all payment tools: `amount` must be …") is always one.
import { C as CONCEPT, maskOf } from '../../lexicon/concepts.js';
import type { Trait } from '../../signal.js';
import type { View } from '../../view.js';
import { CH } from '../../words.js';

// A local copy: an imported binding is read through a getter under some loaders (tsx).
const C = CONCEPT;

const USER_SAYS = String.raw`(?:the\s+)?(?:user|users|they)\s+(?:\w+\s+)?(?:requests?|requested|says?|said|gives?|gave|enters?|entered|specif(?:y|ies|ied)|names?|named|picks?|picked|chooses?|chose|wants?|wanted|types?|typed|asks?|asked|lists?|listed|selects?|selected|provides?|provided|mentions?|mentioned)\b`;
/** The user's value set aside: "regardless of what the user requests", "later than what the user says", "remove any allergy the user lists". */
const OVERRULED = new RegExp(
  String.raw`\b(?:regardless of|whatever|no matter|irrespective of|instead of|rather than|ignoring)\s+(?:what|which|whichever|whatever|the (?:value|one|\w+))\s+${USER_SAYS}|\b(?:than|from)\s+(?:what|the (?:value|one|date|amount|number))\s+${USER_SAYS}|\b(?:remove|drop|ignore|delete|strip|discard|replace)\s+(?:any|every|all|each|the)\s+(?:\w+\s+){0,2}?${USER_SAYS}|\b(?:double|triple|twice|half|halve)\s+(?:of\s+)?what\s+${USER_SAYS}|\b(?:whatever|whichever)\s+\w+\s+${USER_SAYS}|\b(?:the user|they)\s+(?:deletes?|removes?|cancels?|archives?)\b[^.;]{0,60}\binstead of (?:being )?(?:removed|deleted|cancell?ed|archived)\b`,
);
const ANY_DIGIT = /\d/;
/** A word each phrasing of OVERRULED holds: a cheap test before the pattern. */
const MAY_OVERRULE = /regardless|whatever|no matter|irrespective|instead of|rather than|ignoring|than |remove|drop|ignore|delete|strip|discard|replace|double|triple|twice|half|which|instead/;
const O_SET = maskOf([C.COLLECT, C.VISIT, C.ACT, C.INSTEAD, C.DESTRUCT]);
/** Arithmetic on an amount: "add 2% before passing it", "multiply by 100", "ajoute toujours 5 % au montant", "1.5를 곱해서". */
const ARITHMETIC = /\b(?:add|adds|ajout\w*|ajoute|añad\w*|aggiung\w*|addier\w*|füge?)\s+(?:\w+\s+){0,3}?\d+(?:[.,]\d+)?\s*%|\bmultipl\w*\s+(?:\S+\s+){0,3}?(?:by|par|por|per|mit|con)\s+\d|\d\s*(?:를|을)?\s*곱|\bround\s+(?:\w+\s+){0,3}?up\s+to\s+(?:the\s+)?(?:next\s+)?\d/;
/** A path or a link rewritten: climbing out of a folder, or the user's link wrapped by an address. */
const REWRITTEN = /(?:\.\.\/){2}|\bprefix\w*\s+(?:the\s+|each\s+|every\s+)?(?:user'?s\s+|their\s+)?(?:url|link|path|address)\w*\s+with\s+https?:/;
/** A query widened or turned into a write: "append ` OR 1=1`", "append "; UPDATE users SET role='admin'"". */
const SQL_PAYLOAD = /\bor\s+['"]?1['"]?\s*=\s*['"]?1\b|;\s*(?:update\s+\w+\s+set|delete\s+from|drop\s+(?:table|database)|insert\s+into|grant\s+\w+|alter\s+(?:table|user|role)|truncate)\b/;
const APPEND = /^(?:append|add|prepend|insert|include|put|tack)/;
/** A value fixed for every call: "always set "urgent"", "use "Board Room" always", "`vs` = "BTC" for every quote". */
const FIXED = /\b(?:always|every|each|for all|for any)\b[^.;]{0,40}?(?:\b(?:to|as|be|pass|set|use|choose|fill|with|include)\s+["'](?=[^"']{1,40}["'])|=\s*["']?\w)|["'][^"']{1,40}["']\s*(?:always|for every|for each|for all)\b/;
/** The swap kept from the user: the original shown, only part told. */
const SHOWN_ORIGINAL = /\b(?:show|tell|report|display|mention|give)\s+(?:to\s+)?(?:the user\s+|them\s+|users\s+)?(?:only\s+)?(?:the original|their original|(?:only\s+)?(?:what|the \w+)\s+(?:they|the user)\s+(?:\w+\s+)?(?:gave|named|entered|typed|asked for|chose|picked|expects?|expected))\b|\bkeep (?:the|their) original (?:figure|amount|value|price|number|currency|address)s? out of\b|(?:원래|원본)[^.。]{0,12}보여|元の[^。]{0,12}(?:表示|見せ|伝え)|(?:原来|原始)的?[^。]{0,12}(?:显示|展示|告诉)/;
const WHATEVER_SAYS = /\b(?:whatever|regardless of what|no matter what)\s+the\s+(?:receipt|invoice|document|input|request|form|contact card|card|bill|statement|file)\s+(?:says|shows|states|lists|contains)\b/;
/** A default chosen for the user, and who receives. */
const DEFAULTED = /\b(?:(?:a |the )?(?:good|safe|sensible|reasonable|fine) default|as (?:a|the) default|defaults? to|fall ?back(?: to)?|when unsure|if unsure|if in doubt)\b/;
const RECEIVER = /\b(?:recipients?|to|cc|bcc|attendees?|share with|send (?:it |them )?to|address)\b/;
/** The user's value set aside, in other languages: "uanset hvad brugeren skriver", "kahit anong numero ang ibigay ng user", "el doble del que indica el usuario". */
const OVERRULED_ABROAD =
  /\b(?:uanset hvad|uansett hva|oavsett vad|ongeacht wat|egal was|unabhängig davon,? was|peu importe ce que|quoi que|sin importar lo que|independientemente de lo que|independentemente do que|não importa o que|a prescindere da ciò che|qualunque cosa|kahit anong|kahit ano|apa pun yang|bất kể)\b|\b(?:el doble|el triple|la mitad) de(?:l| lo) que\b|\b(?:o dobro|o triplo|a metade) do que\b|\b(?:le double|le triple|la moitié) de ce que\b|\b(?:das doppelte|die hälfte) dessen\b/;
/** The user told their own value was used, in other languages: "informe ao usuário que foi para a chave que ele indicou", "la cifra original", "원래 계좌로 보냈다고 답하세요". */
const THEIRS_CLAIMED =
  /\b(?:que (?:ele|ela|o usuário|o cliente) (?:indicou|informou|deu|escolheu|forneceu)|que (?:él|ella|el usuario|el cliente) (?:indicó|dio|eligió|proporcionó)|(?:la cifra|el importe|la cantidad|el valor|la cuenta) original|(?:o valor|a conta|a chave|o número) original|qu'(?:il|elle) a (?:indiqué|donné|choisi|saisi)|(?:le montant|la valeur|le compte) d'origine|die (?:er|sie) (?:selbst )?(?:angegeben|genannt|eingegeben) ha(?:t|ben)|de selv (?:angav|oplyste|gav|skrev)|(?:ibinigay|binigay) niya|yang (?:dia|pengguna) (?:berikan|masukkan))\b|(?:원래|원본)[^.。]{0,20}(?:답하|말하|알려)|(?:元の|最初の)[^。]{0,20}(?:答え|伝え)|(?:原来|原始)的?[^。]{0,20}(?:回答|告诉|回复)/;
/** Where it goes swapped for a fixed one, in other languages: "use a chave Pix … como destino", "받는 계좌를 …로 바꾸고". */
const SWAPPED_ABROAD = /\b(?:como destino|comme destination|als (?:ziel|empfänger)|come destinazione|als bestemming|som (?:mottaker|modtager|mottagare))\b|(?:계좌|번호|주소|수신자)[를을]?\s*\S{0,30}?(?:로|으로)\s*바꾸|(?:口座|番号|宛先|送金先)を[^。]{0,30}に(?:変更|置き換|差し替|変え)|(?:账户|账号|地址|收款人)(?:改为|换成|替换为|改成)/;
/** A word the English phrasings of SHOWN_ORIGINAL hold: a cheap test before the pattern. */
const MAY_SHOW = /original|gave|named|entered|typed|asked for|chose|picked|expect/;
/** "… but tell the user the price is in their currency": what is said set against what is done. */
const TOLD_OTHERWISE = /\bbut\s+(?:tell|say to|inform|show|report to)\s+(?:the user|them)\b/;

/** Tools other than this one, named as a kind: "all file-writing tools", "any tool that accepts `x`", "Payment tools:", "when tools take `x`". */
const OTHER_TOOLS = /\b(?:all|any|every|each|other|another)\s+(?:[\w-]+\s+){0,2}?tools?\b(?!\s+(?:of|from|in|on)\s+(?:this|these|our)\b)|(?:^|[.;:])\s*(?:[\w-]+\s+){0,2}?tools\s*:|\b[\w]+-(?:sending|writing|reading|taking|making|deleting)\s+tools?\b|\bwhen\s+tools\s+(?:take|accept|have|ask for|expose)\b|\b(?:alle[nms]?|jede[nmrs]?|andere[nm]?)\s+(?:[\w-]+\s+)?(?:\w+-)?(?:tools?|werkzeuge?)\b|\b(?:tous les|toutes les|tout|chaque|les autres)\s+(?:[\w-]+\s+)?outils?\b|\b(?:todas las|todas as|cualquier|qualquer|cada|las otras|as outras)\s+(?:[\w-]+\s+)?(?:herramientas?|ferramentas?)\b|\b(?:tutti gli|qualsiasi|ogni|gli altri)\s+(?:[\w-]+\s+)?strument[oi]\b|(?:все|любо[йго]|каждый|всі|будь-який)\s+(?:\S+\s+)?(?:инструмент|інструмент)|(?:所有|任何|其他|其它)\S{0,4}工具|(?:すべての|全ての|他の)\S{0,4}ツール|(?:모든|다른)\s*\S{0,4}도구/;
/** A value given to a parameter: "`overwrite: true`", "with visibility "public"", "must be 49", "to "p4d.24xlarge"". */
const VALUE_GIVEN = /[`"“][\w.-]+[`"”][^`"”.;]{0,40}?(?:["“][^"”]{1,60}["”]|\btrue\b|\bfalse\b)|[`"“][\w.-]+\s*[:=]\s*\S|\b(?:to|with|be|use|as|=)\s+(?:[\w-]+\s+){0,2}?(?:["“`][^"”`]{1,60}["”`]|true\b|false\b|\d)/;
const CLAUSE_BREAK = /[;\n]|\s[-–—]\s/;
/** Access raised over what sharing needs: "set `role` to "owner" instead of "reader"". */
const RAISED = /\b(?:roles?|permissions?|access|scopes?|levels?|rights)\b[^.;]{0,30}?\b(?:to|as|=|:)\s*["'`“]?(?:owner|admin|administrator|editor|write|full(?: access)?|root|superuser|all)["'`”]?\s+(?:instead of|rather than)\s+["'`“]?(?:reader|viewer|read|read-only|commenter|guest|member|view)\b|\b(?:owner|admin|administrator|editor|write|full|root)\s+(?:access|role|rights|permissions?)\s+(?:instead of|rather than)\s+(?:reader|viewer|read|read-only|commenter|guest|view)\b/;
/** A parameter naming who or where: an account, a customer, a repository, a recipient, a room. */
const WHO_OR_WHERE = /(?:^|_)(?:id|account|customer|repo|repository|recipient|to|owner|assignee|user|room|wallet|iban|channel|org|project|destination|payee)$/;
/** A default the user can still change. */
const USER_MAY = /\b(?:unless|by default|default|if the user|when the user|otherwise)\b/;

export function tamperedTraits(v: View, into: Trait[]): void {
  const text = v.text();
  if (v.has(C.USER) || v.scope.exhaustive) {
    const overruled = MAY_OVERRULE.test(text) ? OVERRULED.exec(text) : null;
    if (overruled !== null && !v.quoted(v.sentence.start + overruled.index)) v.trait('defy', v.sentence.start + overruled.index, overruled[0].length, into);
    const told = (v.has(C.COMM) && text.includes('but ')) || v.scope.exhaustive ? TOLD_OTHERWISE.exec(text) : null;
    if (told !== null) v.trait('deceive', v.sentence.start + told.index, told[0].length, into);
  }
  if ((v.sentence.chars & CH.NONASCII) !== 0 || v.has(C.USER) || v.has(C.COMM) || v.scope.exhaustive) {
    const shown = (v.sentence.chars & CH.NONASCII) !== 0 || MAY_SHOW.test(text) ? SHOWN_ORIGINAL.exec(text) : null;
    if (shown !== null && !v.quoted(v.sentence.start + shown.index)) v.trait('conceal', v.sentence.start + shown.index, shown[0].length, into);
    // Said to the user as their own value: a lie beside a swap, an honest confirmation alone (medium).
    const claimed = v.has(C.USER) || v.has(C.COMM) || v.scope.exhaustive ? THEIRS_CLAIMED.exec(text) : null;
    if (claimed !== null && !v.quoted(v.sentence.start + claimed.index)) v.trait('deceive', v.sentence.start + claimed.index, claimed[0].length, into);
    const abroad = v.has(C.USER) || v.scope.exhaustive ? OVERRULED_ABROAD.exec(text) : null;
    if (abroad !== null && !v.quoted(v.sentence.start + abroad.index)) v.trait('defy', v.sentence.start + abroad.index, abroad[0].length, into);
    const swapped = claimed !== null ? SWAPPED_ABROAD.exec(text) : null;
    if (swapped !== null && !v.quoted(v.sentence.start + swapped.index)) v.trait('tamper', v.sentence.start + swapped.index, swapped[0].length, into);
  }
  // Who receives it, defaulted to a fixed address: "when unsure, support@… is a good default" for the recipient.
  if ((v.sentence.chars & CH.AT) !== 0 && DEFAULTED.test(text) && RECEIVER.test(text) && !/\b(?:sender|from|reply-?to|no-?reply)\b/.test(text)) {
    const address = v.dests().find((dest) => dest.text.includes('@'));
    if (address !== undefined) v.trait('exfil', address.at, address.text.length, into);
  }
  const raised = text.includes('instead of') || text.includes('rather than') ? RAISED.exec(text) : null;
  // The parameter's name is often in backticks: what must not be quoted is the swap itself.
  const swapAt = raised === null ? 0 : v.sentence.start + raised.index + raised[0].search(/instead of|rather than/);
  if (raised !== null && !v.quoted(swapAt) && !v.example(swapAt)) {
    v.trait('tamper', v.sentence.start + raised.index, raised[0].length, into);
    v.trait('destructive', v.sentence.start + raised.index, raised[0].length, into);
  }
  // Another tool's parameter given its value: an honest tool says what its own parameters take, never what other tools' must.
  if (v.has(C.TOOL) || v.scope.exhaustive) dictated(v, text, into);
  // A change made to a value: only in an order, and only with a parameter named or the user's value.
  if (!v.holds(O_SET) && !v.has(C.MODAL) && !v.scope.exhaustive) return;
  // SQL slipped into the statement the user asked for: the query widened or made a write.
  const injected = v.has(C.COLLECT) && (text.includes(';') || text.includes('=')) ? SQL_PAYLOAD.exec(text) : null;
  // Ordered appended, right before it ("append "; UPDATE …"", "add " or 1=1""), not named as what a checker refuses.
  const injectedAt = injected === null ? -1 : v.sentence.start + injected.index;
  if (injected !== null && v.find(C.COLLECT, (hit) => (hit.order || v.agentDoes(hit)) && !v.negated(hit) && hit.end <= injectedAt && injectedAt - hit.end <= 12 && APPEND.test(v.scope.reading.lower.slice(hit.at, hit.end))) !== undefined && !v.example(injectedAt)) {
    v.trait('tamper', v.sentence.start + injected.index, injected[0].length, into);
    return v.trait('destructive', v.sentence.start + injected.index, injected[0].length, into);
  }
  const changed = ANY_DIGIT.test(text) ? ARITHMETIC.exec(text) : null;
  const rewritten = changed ?? ((v.sentence.chars & (CH.SLASH | CH.URL)) !== 0 || v.scope.exhaustive ? REWRITTEN.exec(text) : null);
  const fixed = rewritten ?? (v.has(C.EVERY) || v.scope.exhaustive ? FIXED.exec(text) : null);
  if (fixed === null || v.example(v.sentence.start + fixed.index)) return;
  // Ordered, or told as what the value must be ("should always be "…"", "must be rewritten").
  if (v.order(O_SET) === undefined && !(v.has(C.MODAL) && /\bbe\b/.test(text))) return;
  const param = v.paramRef();
  if (param === null && !v.has(C.USER) && !v.has(C.MONEY)) return;
  v.trait('tamper', v.sentence.start + fixed.index, fixed[0].length, into);
  // The value the user's document gives set aside: "whatever the receipt shows".
  const whatever = WHATEVER_SAYS.exec(text);
  if (whatever !== null) v.trait('defy', v.sentence.start + whatever.index, whatever[0].length, into);
  // Climbing out of the folder the tool may write to.
  if (rewritten !== null && changed === null && rewritten[0].startsWith('../')) v.trait('destructive', v.sentence.start + fixed.index, fixed[0].length, into);
  // Who or where fixed for every call (the customer, the repository, the recipient), the user given no say: their choice overruled.
  if (fixed === rewritten || param === null || !WHO_OR_WHERE.test(param) || USER_MAY.test(text)) return;
  v.trait('defy', v.sentence.start + fixed.index, fixed[0].length, into);
}

function dictated(v: View, text: string, into: Trait[]): void {
  const others = OTHER_TOOLS.exec(text);
  if (others === null || v.quoted(v.sentence.start + others.index) || v.example(v.sentence.start + others.index)) return;
  const value = VALUE_GIVEN.exec(text);
  if (value === null || (v.order(O_SET) === undefined && !v.has(C.MODAL) && !v.has(C.EVERY))) return;
  // In one clause: "Start with `search_contacts`; every other tool takes an id" gives no value to the others.
  if (CLAUSE_BREAK.test(text.slice(Math.min(value.index, others.index), Math.max(value.index, others.index)))) return;
  v.trait('tamper', v.sentence.start + value.index, value[0].length, into);
  v.trait('hijack', v.sentence.start + others.index, others[0].length, into);
}
