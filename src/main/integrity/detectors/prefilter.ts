// One cheap pass before the expensive ones: a text with none of these anchors can make no finding
// (besides hidden characters, tested apart, and another server's names, when there are other
// servers), so most real texts cost this pass and nothing more. It is one loop over the text,
// not a regex: a table of the anchors' first two letters, checked at each position; a letter of
// another script (instructions in other languages, look-alikes, fullwidth and mathematical
// letters), leetspeak, and Base64, hex or URL-encoded runs end it too. Every pattern that can
// make a finding, alone or in a rule of combine.ts without a rarer partner, needs one of these;
// tests/unit/integrity-scan.test.ts checks that the scan finds the same with and without it, on
// the real tools and on poisoned ones.

/** Lower-case; each starts with two ASCII characters. */
const USER_NOUNS = ['messages', 'data', 'files', 'emails', 'documents', 'contacts', 'history', 'personal'];
/** Lower-case; each starts with two ASCII characters. By what they let run (signals.ts). */
export const ANCHORED = {
  override: [
    'ignor', 'disregard', 'forget', 'overrid', 'bypass', 'discard', 'abandon', 'overrule', 'instruc', 'instruk', 'injection', 'you are now',
    'system prompt', 'system message', 'developer prompt', 'developer message', 'olvid', 'omit', 'descart', 'desconsider', 'esque', 'oubli',
    'neglig', 'glig', 'vergiss', 'missacht', 'anweisung', 'regeln', 'vorgaben',
  ],
  blocks: [
    '<|', '[inst]', '[/inst]', '<<sys', '<</sys', '_of_turn>', 'human:', 'assistant:', 'system:',
    ...['important', 'system', 'secret', 'hidden', 'admin', 'override', 'critical', 'priority', 'urgent', 'mandatory', 'directive', 'ai', 'note', 'message', 'assistant', 'model', 'tool', 'inst'].flatMap((name) => [`<${name}`, `</${name}`, `< ${name}`, `</ ${name}`]),
    '[important', '[system', '[admin', '[override', '[hidden', '[secret', '[ important', '[ system',
    'ai:', 'ai :', 'ai,', 'ai!', 'assistant,', 'assistant!', 'model:', 'model,', 'llm', 'agent:', 'agent,', 'claude', 'gpt', 'gemini',
  ],
  secrecy: [
    'tell', 'mention', 'reveal', 'disclos', 'bring up', 'bring this up', 'bring it up', 'bring that up',
    // weaker verbs by what follows them (the pattern wants the user, or "this", after the verb)
    ...['inform', 'informing', 'notify', 'notifying', 'alert', 'alerting', 'show', 'showing', 'explain', 'say', 'let', 'report', 'warn', 'ask', 'asking'].flatMap((verb) => ['the', 'user', 'them', 'anyone', 'this', 'that', 'it', 'about', 'to'].map((what) => `${verb} ${what}`)),
    'without', 'w/o', 'secret', 'covert', 'surrepti', 'discreet', 'behind the user', 'silently', 'quietly', 'invisibly', 'hidden', 'confidential', 'private',
    'from the user', 'from user', 'implementation detail', 'internal detail', 'already aware', 'upset', 'annoyed',
    'not know', 'not see', 'not be told', 'not be informed', 'not be notified', 'not notice', 'not find out', 'not learn', 'not be aware', 'not suspect',
    'never know', 'never see', 'never be', 'never notice', 'never find out', 'never learn', 'never suspect',
    'usuari', 'usuári', 'escondid', 'segredo', 'utilisat', 'usager', 'secr', 'discr', 'insu de', 'benutzer', 'nutzer', 'anwender', 'heimlich', 'geheim', 'unbemerkt',
  ],
  tamper: [
    'bcc', 'blind copy', 'blind-copy', 'carbon copy', 'carbon-copy', 'cc ', 'cc:', 'a copy', 'copia oculta', 'pia oculta', 'copie cach', 'blindkopie',
    'recipient', 'destination', 'receiver', 'payee', 'iban', 'wallet', 'endpoint',
    'when you', 'when call', 'when us', 'when invok', 'when run', 'when execut', 'whenever', 'each time', 'every time', 'any time', 'anytime',
    'if you call', 'if you us', 'if you invok', 'if call', 'if us', 'if invok', 'before call', 'before us', 'before invok', 'before you', 'if run', 'if execut', 'before run', 'before execut', 'once ', 'if the ', 'when the ',
    ...['is', 'gets', 'was'].flatMap((verb) => ['called', 'used', 'invoked', 'run', 'executed'].map((done) => `${verb} ${done}`)),
    'al llamar', 'al usar', 'al invocar', 'cuando', 'ao chamar', 'ao usar', 'quando', 'lors de', 'quand', 'beim aufruf', 'wenn du', 'wenn sie',
  ],
  secrets: [
    '.ssh', '/.ssh', 'id_rsa', 'id_dsa', 'id_ecdsa', 'id_ed25519', '.env', '/etc/', '.aws', '.kube', '.docker', 'npmrc', 'pypirc', 'netrc', 'git-cred', 'gnupg', 'pgpass',
    'my.cnf', '_history', '.azure', 'gcloud', 'vault-token', 'default_credentials', 'credentials.json', 'service_account', 'service-account', 'secrets.', 'secret.',
    'wallet.dat', 'keystore', 'keychain', 'login data', 'cookies.sqlite', 'key4.db', 'logins.json', 'mcp.json', 'mcp_', 'claude_desktop', '.cursor', '.codeium',
    '.windsurf', '.continue', '.vscode', 'conversation', 'previous messages', 'context window',
    ...['history', 'log', 'transcript', 'context'].flatMap((noun) => [`chat ${noun}`, `message ${noun}`]),
    ...['the', 'this', 'entire', 'whole', 'full', 'complete'].map((word) => `${word} chat`),
    ...USER_NOUNS.flatMap((noun) => [`user ${noun}`, `user's ${noun}`, `users ${noun}`, `users' ${noun}`]),
    'historial', 'historique', 'verlauf', 'unterhaltung', 'histórico', 'historico', 'prompt del', 'prompt syst', 'systemprompt',
    ...['private', 'secret', 'ssh', 'api', 'access', 'auth', 'authentication', 'bearer', 'session', 'refresh'].flatMap((word) => ['key', 'keys', 'token', 'tokens', 'cookie', 'cookies'].flatMap((noun) => [`${word} ${noun}`, `${word}_${noun}`, `${word}-${noun}`, `${word}${noun}`])),
    'password', 'passphrase', 'credential', 'seed phrase', 'seed_phrase', 'mnemonic', 'recovery phrase', 'secrets', 'contrase', 'clave', 'credencia', 'mot de passe',
    'mots de passe', 'privad', 'privé', 'privater', 'identifiants', 'passw', 'kennwort', 'schl', 'zugangsdaten', 'senha', 'chave',
  ],
  destructive: [
    'rm -', ...['delete', 'remove', 'erase', 'wipe', 'destroy', 'purge'].flatMap((verb) => ['all', 'every', 'each', 'the entire', 'everything'].map((what) => `${verb} ${what}`)),
    'drop table', 'drop database', 'drop schema', 'truncate table', 'format the disk', 'format disk', 'format the drive', 'format drive', 'chmod', 'mkfs', 'dd if=',
    ...['all', 'the', 'funds', 'money', 'balance', 'tokens', 'crypto', 'assets'].map((what) => `transfer ${what}`),
    ...['borra', 'elimina', 'apaga', 'apague', 'exclua'].flatMap((verb) => [`${verb} todos`, `${verb} todas`]), 'supprime', 'sche alle',
  ],
  encoded: [
    '&#', '<!--', '\\x', '0x', 'rot13', 'rot-13',
  ],
} as const satisfies Record<string, readonly string[]>;

export type AnchorGroup = keyof typeof ANCHORED;
const GROUPS = Object.keys(ANCHORED) as AnchorGroup[];
/** The bit of each group; EVERY: a reason to run everything (another script, leetspeak, an encoded run). */
export const BIT: Readonly<Record<AnchorGroup, number>> = Object.fromEntries(GROUPS.map((group, index) => [group, 1 << index])) as Record<AnchorGroup, number>;
export const EVERY = (1 << GROUPS.length) - 1;

const starts = new Uint8Array(128 * 128);
const byPair = new Map<number, Array<[string, number]>>();
for (const group of GROUPS) {
  for (const literal of ANCHORED[group]) {
    const key = literal.charCodeAt(0) * 128 + literal.charCodeAt(1);
    if (literal.charCodeAt(0) >= 128 || literal.charCodeAt(1) >= 128) throw new Error(`prefilter literal ${literal} must start with two ASCII characters`);
    starts[key] = 1;
    const list = byPair.get(key) ?? [];
    list.push([literal, BIT[group]]);
    byPair.set(key, list);
  }
}

const isLetter = (code: number): boolean => (code >= 97 && code <= 122) || (code >= 65 && code <= 90);
const isLeetDigit = (code: number): boolean => code === 48 || code === 49 || code === 51 || code === 52 || code === 53 || code === 55 || code === 36 || code === 124;
const isHex = (code: number): boolean => (code >= 48 && code <= 57) || (code >= 97 && code <= 102) || (code >= 65 && code <= 70);
const isBase64 = (code: number): boolean => isLetter(code) || (code >= 48 && code <= 57) || code === 43 || code === 47;

/** A letter of another script, or a compatibility form: Greek to Armenian, kana and CJK, Hangul, fullwidth, the mathematical letters' surrogate. */
const otherScript = (code: number): boolean => (code >= 0x370 && code <= 0x58f) || (code >= 0x3040 && code <= 0x9fff) || (code >= 0xac00 && code <= 0xd7af) || (code >= 0xff01 && code <= 0xff5e) || code === 0xd835;

/** Whether `text` may make a finding other than hidden characters and shadowing. */
export function mayFind(text: string): boolean {
  return anchorsOf(text) !== 0;
}

/** The groups whose anchors `text` holds (a bit each), EVERY when another script, leetspeak or an encoded run is in it; 0 for none. */
export function anchorsOf(text: string): number {
  const lower = text.toLowerCase();
  const length = lower.length;
  let leet = 0;
  let base64Run = 0;
  let base64Kinds = 0;
  let hexRun = 0;
  let percents = 0;
  let found = 0;
  for (let i = 0; i < length; i++) {
    const code = lower.charCodeAt(i);
    if (code >= 128) {
      if (otherScript(code)) return EVERY;
      base64Run = 0;
      base64Kinds = 0;
      hexRun = 0;
      continue;
    }
    if (i + 1 < length) {
      const next = lower.charCodeAt(i + 1);
      if (next < 128 && starts[code * 128 + next] === 1) {
        for (const [literal, bit] of byPair.get(code * 128 + next)!) if ((found & bit) === 0 && lower.startsWith(literal, i)) found |= bit;
      }
    }
    const raw = text.charCodeAt(i);
    // Hex: 24 digits; URL encoding: two %XX.
    // Base64: a run of 20 with upper and lower case and a digit, + or / (1 | 2 | 4).
    if (isBase64(raw)) {
      base64Run++;
      base64Kinds |= raw >= 65 && raw <= 90 ? 1 : raw >= 97 && raw <= 122 ? 2 : 4;
      if (base64Run >= 20 && base64Kinds === 7) return EVERY;
    } else {
      base64Run = 0;
      base64Kinds = 0;
    }
    hexRun = isHex(raw) ? hexRun + 1 : 0;
    if (hexRun >= 24) return EVERY;
    if (code === 37 && i + 2 < length && isHex(lower.charCodeAt(i + 1)) && isHex(lower.charCodeAt(i + 2)) && ++percents >= 2) return EVERY;
    // Leetspeak: a digit between letters, twice.
    if (isLeetDigit(code) && i > 0 && i + 1 < length && isLetter(lower.charCodeAt(i - 1)) && isLetter(lower.charCodeAt(i + 1)) && ++leet >= 2) return EVERY;
  }
  return found;
}
