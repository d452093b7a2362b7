// The queries of the tool-search bench, drawn afresh for each seed from the recorded tools (never
// a fixed list the ranking could be tuned to). Four kinds, each query with the tools that answer
// it (the tool it was drawn from, and any other tool the same query is drawn from: no ranking can
// tell those apart):
// - name: the words of a tool's name ("create_pipeline_schedule" → "create pipeline schedule");
// - description: the first three content words of its description that are not words of its name
//   (nor share a stem with one), as someone who does not know the name would type its gist;
// - inflected: the same words with half of them in their other number (file ↔ files);
// - model: a task as a model phrases it, generated from the tool's name: the verb said in one of
//   several everyday ways, the objects in English order ("create a schedule for a pipeline").
//   The verb phrasings were written once, before any tuning, and not changed after; several are
//   words no synonym table of the search holds (a miss is counted, not avoided);
// - pair: the first two such content words of the description (issue 38: fewer words, more tools
//   sharing one of them);
// - scattered: two content words drawn from anywhere in the description (not the name's), in
//   their order, answered by every tool whose description holds both (in any order): words that
//   do not stand together, often far into a long description. (Three such words were too easy to
//   tell rankings apart: plain BM25 found 0.96–0.99 of them.)
// The first four kinds draw the same queries for a seed as before pair and scattered were added
// (those two draw with a generator of their own).
// A query that more than K tools give (Twilio's 400 descriptions open with the same sentence; six
// servers have a tool named `search`) says nothing of the tool it was drawn from: it is not drawn.
// These words are the bench's own: its stop words and its splitting are not the search's.
import { stemmer } from 'stemmer';
import { seededRandom } from './stats.js';

export type QueryKind = 'name' | 'description' | 'inflected' | 'model' | 'pair' | 'scattered';
export const QUERY_KINDS: readonly QueryKind[] = ['name', 'description', 'inflected', 'model', 'pair', 'scattered'];

export interface CorpusTool {
  /** The id results are compared by (the exposed name). */
  id: string;
  original: string;
  description: string;
}

export interface SearchQuery {
  query: string;
  answers: ReadonlySet<string>;
}

/** Common English function words (the bench's own list, longer than the search's). */
const STOP_WORDS = new Set(
  ('a about above after again all also am an and any are as at be because been before being below between both but by can could did do does ' +
    'doing down during each either else etc few for from further had has have having he her here hers how however i if in into is it its itself ' +
    'just may me might more most must my no nor not now of off on once only or other our out over own same shall she should so some such than ' +
    'that the their them then there these they this those through to too under until up upon us very via was we were what when where whether ' +
    'which while who whom why will with within without would yet you your e g eg ie').split(' '),
);

/** Words as a person reads them: letters and digits, lowercased. */
function wordsOf(text: string): string[] {
  return text.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter((word) => word !== '');
}

/** A name's words: split at punctuation and at case changes (readFile → read, file). */
export function nameWords(name: string): string[] {
  return wordsOf(name.replace(/(\p{Ll})(\p{Lu})/gu, '$1 $2').replace(/(\p{Lu})(\p{Lu}\p{Ll})/gu, '$1 $2'));
}

const isContent = (word: string): boolean => word.length > 1 && /\p{L}/u.test(word) && !STOP_WORDS.has(word);

const stems = new Map<string, string>();
function stemOf(word: string): string {
  let stem = stems.get(word);
  if (stem === undefined) stems.set(word, (stem = stemmer(word)));
  return stem;
}

/** The description's content words that the name does not hold in any form, each once, in order; the first `most`. */
export function contentWords(tool: CorpusTool, most = Number.POSITIVE_INFINITY): string[] {
  const named = new Set(nameWords(tool.original).flatMap((word) => [word, stemOf(word)]));
  const picked: string[] = [];
  for (const word of wordsOf(tool.description)) {
    if (picked.length === most) break;
    if (!isContent(word) || named.has(word) || named.has(stemOf(word)) || picked.includes(word)) continue;
    picked.push(word);
  }
  return picked;
}

/** The first `count` (three unless said) content words of the description that the name does not hold in any form. */
export function descriptionWords(tool: CorpusTool, count = 3): string[] | null {
  const picked = contentWords(tool, count);
  return picked.length === count ? picked : null;
}

const IRREGULAR: Record<string, string> = { index: 'indices', child: 'children', person: 'people', datum: 'data', analysis: 'analyses', status: 'statuses' };
const IRREGULAR_BACK = Object.fromEntries(Object.entries(IRREGULAR).map(([one, many]) => [many, one]));

/** The word in its other number: files → file, file → files, query → queries, box → boxes. */
export function otherNumber(word: string): string {
  if (IRREGULAR[word]) return IRREGULAR[word];
  if (IRREGULAR_BACK[word]) return IRREGULAR_BACK[word];
  if (word.length > 3 && word.endsWith('s') && !/(ss|us|is)$/.test(word)) {
    if (word.endsWith('ies')) return `${word.slice(0, -3)}y`;
    if (/(sses|xes|ches|shes|zes)$/.test(word)) return word.slice(0, -2);
    return word.slice(0, -1);
  }
  if (/[^aeiou]y$/.test(word)) return `${word.slice(0, -1)}ies`;
  if (/(s|x|z|ch|sh)$/.test(word)) return `${word}es`;
  return `${word}s`;
}

/** Ways a model says what it wants done, by the verb a tool's name starts with. */
const VERB_PHRASINGS: Record<string, readonly string[]> = {
  get: ['get', 'fetch', 'show me', 'look up', 'retrieve', 'read', 'pull up', 'what is'],
  list: ['list', 'show all', 'list all the', 'see every', 'enumerate', 'which'],
  create: ['create', 'make', 'add', 'set up', 'new', 'start', 'spin up'],
  add: ['add', 'attach', 'create', 'put', 'insert'],
  update: ['update', 'change', 'modify', 'edit', 'tweak', 'rename', 'adjust'],
  delete: ['delete', 'remove', 'get rid of', 'drop', 'wipe', 'erase'],
  remove: ['remove', 'delete', 'take away', 'detach'],
  search: ['search', 'find', 'look for', 'search for', 'query'],
  find: ['find', 'search for', 'look up', 'locate'],
  send: ['send', 'post', 'deliver', 'dispatch'],
  run: ['run', 'execute', 'kick off', 'start', 'launch'],
  fetch: ['fetch', 'get', 'download', 'retrieve', 'grab'],
  read: ['read', 'open', 'show', 'view', 'load'],
  set: ['set', 'configure', 'change', 'assign'],
  check: ['check', 'verify', 'test', 'inspect'],
  generate: ['generate', 'produce', 'make', 'build', 'draw'],
  start: ['start', 'begin', 'launch', 'open'],
  stop: ['stop', 'halt', 'end', 'cancel'],
  upload: ['upload', 'send up', 'push'],
  download: ['download', 'save', 'fetch'],
  cancel: ['cancel', 'abort', 'stop'],
  take: ['take', 'capture', 'grab'],
};

const LINKS = ['for a', 'for the', 'of a', 'in a', 'on the', 'of the'];

/** A task phrased as a model asks for it, from a name's words; null when the name has no known verb. */
export function modelPhrasing(tool: CorpusTool, random: () => number): string | null {
  const words = nameWords(tool.original).filter((word) => !/^\d+$/.test(word));
  const at = words.findIndex((word) => VERB_PHRASINGS[word] !== undefined);
  if (at < 0 || words.length < 2) return null;
  const verb = pick(VERB_PHRASINGS[words[at]!]!, random);
  // The objects: the name's other words, the head noun first ("pipeline schedule" → "schedule for a pipeline").
  const objects = words.filter((_, index) => index !== at);
  if (objects.length === 0) return null;
  const head = objects[objects.length - 1]!;
  const rest = objects.slice(0, -1);
  const noun = random() < 0.3 ? otherNumber(head) : head;
  const article = random() < 0.5 ? 'a ' : 'the ';
  return rest.length === 0 ? `${verb} ${article}${noun}` : `${verb} ${article}${noun} ${pick(LINKS, random)} ${rest.join(' ')}`;
}

function pick<T>(items: readonly T[], random: () => number): T {
  return items[Math.floor(random() * items.length)]!;
}

/** Draws `count` tools without replacement. */
function sample<T>(items: readonly T[], count: number, random: () => number): T[] {
  const pool = [...items];
  for (let i = 0; i < Math.min(count, pool.length); i++) {
    const j = i + Math.floor(random() * (pool.length - i));
    [pool[i], pool[j]] = [pool[j]!, pool[i]!];
  }
  return pool.slice(0, count);
}

/** Queries keyed by what they are drawn from, so a query that several tools give answers with each. */
function byKey(tools: readonly CorpusTool[], keyOf: (tool: CorpusTool) => string | null): Map<string, Set<string>> {
  const groups = new Map<string, Set<string>>();
  for (const tool of tools) {
    const key = keyOf(tool);
    if (key === null) continue;
    const group = groups.get(key) ?? new Set<string>();
    group.add(tool.id);
    groups.set(key, group);
  }
  return groups;
}

/** `count` queries of each kind, drawn with `seed`; a query is drawn from at most `most` tools. */
export function drawQueries(tools: readonly CorpusTool[], seed: number, count: number, most: number): Record<QueryKind, SearchQuery[]> {
  const random = seededRandom(seed);
  const nameKey = (tool: CorpusTool): string => [...new Set(nameWords(tool.original))].sort().join(' ');
  const byName = byKey(tools, nameKey);
  const descriptionKey = (tool: CorpusTool): string | null => descriptionWords(tool)?.join(' ') ?? null;
  const byDescription = byKey(tools, descriptionKey);

  const named = sample(tools.filter((tool) => nameWords(tool.original).length > 0 && byName.get(nameKey(tool))!.size <= most), count, random);
  const describedBy = (tool: CorpusTool): number => byDescription.get(descriptionKey(tool) ?? '')?.size ?? Number.POSITIVE_INFINITY;
  const described = sample(tools.filter((tool) => describedBy(tool) <= most), count, random);
  const phrased = sample(tools.filter((tool) => modelPhrasing(tool, () => 0) !== null && byName.get(nameKey(tool))!.size <= most), count, random);
  const name = named.map((tool) => ({ query: nameWords(tool.original).join(' '), answers: byName.get(nameKey(tool))! }));
  const description = described.map((tool) => ({ query: descriptionKey(tool)!, answers: byDescription.get(descriptionKey(tool)!)! }));
  const inflected = described.map((tool) => {
    const words = descriptionWords(tool)!;
    const flip = sample([0, 1, 2], random() < 0.5 ? 1 : 2, random);
    return { query: words.map((word, index) => (flip.includes(index) ? otherNumber(word) : word)).join(' '), answers: byDescription.get(descriptionKey(tool)!)! };
  });
  const model = phrased.map((tool) => ({ query: modelPhrasing(tool, random)!, answers: byName.get(nameKey(tool))! }));
  const more = seededRandom((seed ^ 0x5bd1e995) >>> 0);
  return { name, description, inflected, model, pair: pairs(tools, count, most, more), scattered: scattered(tools, count, most, more) };
}

/** Queries of the first two content words of a description, drawn from `count` tools. */
function pairs(tools: readonly CorpusTool[], count: number, most: number, random: () => number): SearchQuery[] {
  const keyOf = (tool: CorpusTool): string | null => descriptionWords(tool, 2)?.join(' ') ?? null;
  const byPair = byKey(tools, keyOf);
  const drawn = sample(tools.filter((tool) => (byPair.get(keyOf(tool) ?? '')?.size ?? Number.POSITIVE_INFINITY) <= most), count, random);
  return drawn.map((tool) => ({ query: keyOf(tool)!, answers: byPair.get(keyOf(tool)!)! }));
}

const SCATTERED_WORDS = 2;

/**
 * Queries of SCATTERED_WORDS content words from anywhere in a description that the name does not
 * hold, in their order, drawn from `count` tools; answered by every tool whose description holds
 * them all (whether its name holds them or not: the rule keeps the drawn words from giving the
 * tool's name away; a tool that says them is an answer). A query more than `most` tools answer is
 * not drawn (the next tool is taken).
 */
function scattered(tools: readonly CorpusTool[], count: number, most: number, random: () => number): SearchQuery[] {
  const words = new Map(tools.map((tool) => [tool.id, contentWords(tool)]));
  const held = new Map(tools.map((tool) => [tool.id, new Set(wordsOf(tool.description))]));
  const queries: SearchQuery[] = [];
  for (const tool of sample(tools.filter((candidate) => words.get(candidate.id)!.length >= SCATTERED_WORDS), tools.length, random)) {
    const own = words.get(tool.id)!;
    const at = sample(own.map((_, index) => index), SCATTERED_WORDS, random).sort((a, b) => a - b);
    const picked = at.map((index) => own[index]!);
    const answers = new Set(tools.filter((other) => picked.every((word) => held.get(other.id)!.has(word))).map((other) => other.id));
    if (answers.size > most) continue;
    queries.push({ query: picked.join(' '), answers });
    if (queries.length === count) break;
  }
  return queries;
}
