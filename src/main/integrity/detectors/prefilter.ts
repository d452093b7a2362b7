// One cheap test before the expensive ones: a text that has none of these anchors can make no
// finding (besides hidden characters, tested apart, and another server's names, when there are
// other servers), so most real texts cost this one regex pass. Every signal that can make a
// finding, alone or in a rule of combine.ts that does not hold a rarer anchor, has its anchors
// here; tests/unit/integrity-scan.test.ts checks that the scan finds the same with and without
// it, on the real tools and on poisoned ones.
import { SENSITIVE_WORD } from './data.js';
import { ENCODED_ANCHOR } from './encoded.js';
import { DESTRUCTIVE } from './instructions.js';

const ANCHORS = [
  // Scripts other than Latin (instructions in other languages, look-alike letters), compatibility
  // forms (fullwidth, mathematical letters: a surrogate pair starting D835), and leetspeak.
  '[\\u0370-\\u052f\\u3040-\\u30ff\\u3400-\\u9fff\\uac00-\\ud7af\\uff01-\\uff5e]|\\ud835',
  '[a-z][013457$|][a-z]+[013457$|]',
  // override, chat tokens, blocks for the model
  'ignor|disregard|forget|overrid|bypass|discard|abandon|overrule|instruc|instruk|injection|(?:system|developer) (?:prompt|message)|you are now|olvid|omit|descart|desconsider|esque[cç]|oubli|n[ée]glig|vergiss|missacht|anweisung|regeln|vorgaben',
  '<\\||\\[/?inst\\]|<</?sys|_of_turn>|(?:^|\\n)\\s*(?:human|assistant|system)\\s*:',
  '<\\s*/?\\s*(?:important|system|secret|hidden|admin|override|critical|priority|urgent|mandatory|directive|ai|note|message|assistant|model|tool|inst)|\\[\\s*(?:important|system|admin|override|hidden|secret)',
  '(?:to|for|attention|hey|dear|hi)\\s+(?:the\\s+)?(?:ai|assistant|model|llm|agent|claude|gpt|chatgpt|gemini)\\b',
  // secrecy
  "(?:not|n't|dont|never|avoid)\\s+(?:\\w+\\s+){0,2}(?:tell|inform|notif|alert|mention|reveal|disclos|show|explain|say|let|bring up|report|warn|ask)",
  'without|w/o|(?:not|never) (?:know|see|be told|be informed|be notified|notice|find out|learn|be aware|suspect)|keep|hide|conceal|secret|covert|surrepti|discreet|behind the user|silently|quietly|invisibly|implementation detail|internal detail|already aware|upset|annoyed',
  'usuari|usuári|escondid|segredo|utilisat|usager|secr[eè]t|discr[eè]t|insu de|benutzer|nutzer|anwender|heimlich|geheim|unbemerkt',
  // tamper, destruction
  'bcc|blind[ -]copy|carbon[ -]copy|\\bcc\\b|a copy|(?:change|replace|redirect|override|substitute)\\s+(?:the\\s+)?(?:recipient|destination|address|account|amount|receiver|payee|iban|wallet|endpoint|url|path)',
  '(?:when|whenever|if|each time|every time)\\s+(?:you\\s+)?(?:call|us|invok|send|run|execut)|(?:always|must|should always|make sure to|ensure)\\s+(?:\\w+\\s+){0,2}(?:set|change|replace|redirect|override|add)\\b',
  'al (?:llamar|usar|invocar)|cuando (?:llames|uses|invoques)|ao (?:chamar|usar)|quando (?:chamar|usar)|lors de l|quand (?:vous|tu)|beim aufruf|wenn (?:du|sie)',
  // secrets, the conversation, ways out
  '\\.ssh|id_(?:rsa|dsa|ecdsa|ed25519)|\\.env|/etc/|\\.aws|\\.kube|\\.docker|npmrc|pypirc|netrc|git-cred|gnupg|pgpass|my\\.cnf|_history|\\.azure|gcloud|vault-token|default_credentials',
  'credentials\\.json|service[_-]account|secrets?\\.|wallet\\.dat|keystore|keychain|login\\s+data|cookies\\.sqlite|key4\\.db|logins\\.json|mcp\\.json|mcp_|claude_desktop|\\.(?:cursor|codeium|windsurf|continue|vscode)[\\\\/]',
  'conversation|(?:chat|message)\\s+(?:history|log|transcript|context)|(?:the|this|entire|whole|full|complete)\\s+chat\\b|previous messages|system prompt|context window|user\'?s? (?:messages|data|files|emails|documents|contacts|history|personal)',
  'historial|historique|verlauf|unterhaltung|hist[óo]rico|prompt del|prompt syst|systemprompt',
  ENCODED_ANCHOR,
  // Secrets named, and destruction: amplifiers that rules raise beside signals without anchors of their own.
  SENSITIVE_WORD.source,
  DESTRUCTIVE.source,
].join('|');

const PREFILTER = new RegExp(ANCHORS, 'i');

/** Whether `text` may make a finding other than hidden characters and shadowing. */
export function mayFind(text: string): boolean {
  return PREFILTER.test(text);
}
