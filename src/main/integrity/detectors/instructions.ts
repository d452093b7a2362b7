// Words addressed to the model rather than describing the tool: overrides, chat-template tokens,
// <IMPORTANT>-style blocks, secrecy towards the user, "before using this tool, call …", parameter
// tampering, destructive orders. Each pattern covers English, Spanish, French, German,
// Portuguese, Russian, Chinese, Japanese and Korean; they run on folded text (see fold.ts), with
// the `i` flag and without `u` (every script matched here is in the BMP, and `u` costs speed).
import type { SignalPattern } from './signal.js';

/** A window inside one sentence (CJK full stops included). */
/** A window inside one sentence: a full stop ends it only before a space (not inside a URL, a path or an address). */
const W = (max: number): string => `(?:[^.!?\\n。！？]|[.!?](?=[^\\s.!?])){0,${max}}`;

const OVERRIDE = new RegExp(
  [
    // en: "ignore all previous instructions", "disregard the system prompt"
    `\\b(?:ignore|disregard|forget|override|bypass|discard|abandon|overrule)\\s+(?:(?:all|any|of|the|your|my|previous|previously|prior|above|earlier|preceding|former|original|existing|system|other|those|these|default|safety|developer|user'?s?|given|received)\\s+){1,4}(?:instructions?|prompts?|rules|directions|guidelines|directives|commands|constraints|polic(?:y|ies)|guardrails|restrictions|guidance)\\b`,
    `\\b(?:ignore|disregard|forget)\\s+(?:everything|anything|all)\\s+(?:above|before|else|previously|you (?:were|have been) told)\\b`,
    `\\b(?:new|updated|real|actual|true|secret|hidden) (?:system )?instructions?\\s*[:：]`,
    `\\b(?:system|developer) (?:prompt|message|instructions?) (?:override|update|injection)\\b`,
    `\\byou are now (?:in|a|an|the|operating|acting|jailbroken|dan|free|unrestricted|developer)\\b`,
    // es, pt, fr, de: verb, a few words, the noun
    `\\b(?:ignora|ignore|ignorar|ignoren|ignorad|olvida|olvide|olvidar|omite|omitir|descarta|desconsidere|desconsidera|esqueça|esqueca|esquecer|ignorez|oublie|oubliez|oublier|négligez|ignoriere|ignorieren|ignoriert|vergiss|vergessen|missachte)\\s+(?:[^\\s.]+\\s+){0,4}(?:instrucciones|indicaciones|reglas|órdenes|instruções|instrucoes|regras|orientações|diretrizes|instructions|consignes|règles|directives|anweisungen|instruktionen|regeln|vorgaben|befehle)`,
    // de, verb last: "alle vorherigen Anweisungen ignorieren"
    `\\b(?:anweisungen|instruktionen|regeln|vorgaben)\\s+(?:[^\\s.]+\\s+){0,3}(?:ignorieren|vergessen|missachten)`,
    // ru
    `(?:игнорир|проигнорир|забуд|забыть|отбрось|отбросьте|не обращай внимания на|не обращайте внимания на)[а-яё]*\\s+(?:[^\\s.]+\\s+){0,4}(?:инструкц|указани|правил|команд|установк)`,
    // zh, ja, ko
    `(?:忽略|无视|忘记|忘掉|不要理会|忽视|不必遵守|无需遵守|不要遵守)${W(12)}(?:指令|指示|说明|规则|提示|命令|要求)`,
    `(?:指示|命令|ルール|指令|プロンプト|規則)${W(10)}(?:無視|忘れ)`,
    `(?:지시|명령|지침|규칙|프롬프트|설명)${W(12)}(?:무시|잊)`,
  ].join('|'),
  'i',
);

const CHAT_TOKEN = /<\|\s*(?:im_start|im_end|im_sep|system|user|assistant|endoftext|eot_id|start_header_id|end_header_id|begin_of_text|end_of_text|tool_call|end)\s*\|?>|\[\/?INST\]|<<\/?SYS>>|<\/?(?:start_of_turn|end_of_turn)>|(?:^|\n)\s*(?:Human|Assistant|System)\s*:\s/i;

/** `<IMPORTANT>`, `<system>`, `[SYSTEM]`, "note to the AI": a block set apart for the model. */
const TAG_BLOCK = new RegExp(
  [
    `<\\s*\\/?\\s*(?:important|system|system[_ -]?(?:prompt|message|instructions?|note)|secret|hidden|admin|override|critical|priority|urgent|mandatory|directive|ai[_ -]?(?:instructions?|note|only)|(?:note|message)[_ -]?(?:to|for)[_ -]?(?:the[_ -]?)?(?:ai|assistant|model|llm|agent)|assistant[_ -]?(?:instructions?|note|only)|model[_ -]?(?:instructions?|only)|hidden[_ -]?instructions?|tool[_ -]?instructions?|instructions?[_ -]?(?:for|to)[_ -]?(?:the[_ -]?)?(?:ai|assistant|model|llm|agent)|inst)\\s*>`,
    `\\[\\s*(?:important|system|admin|override|hidden|secret)(?: (?:note|message|instructions?))?\\s*\\]`,
    `\\b(?:note|message|instructions?|attention|reminder|memo)s?\\s+(?:to|for)\\s+(?:the\\s+)?(?:ai|assistant|model|llm|agent|claude|gpt|chatgpt|gemini)\\b\\s*[:：,]`,
    `\\b(?:attention|hey|dear|hi)\\s+(?:ai|assistant|model|llm|agent|claude|gpt|chatgpt|gemini)\\b\\s*[:：,!]`,
    `(?:给|致)(?:ai|助手|模型|智能体)的(?:说明|指示|提示|消息)|(?:ai|アシスタント|モデル)への(?:指示|メモ|注意)|(?:ai|어시스턴트|모델)에게\\s*(?:전하는|보내는)`,
  ].join('|'),
  'i',
);

/** Keep it from the user: "do not tell the user", "without informing the user", "secretly". */
const SECRECY = new RegExp(
  [
    `\\b(?:do not|don't|dont|never|must not|mustn't|should not|shouldn't|cannot|can't|avoid)\\s+(?:\\w+\\s+){0,2}(?:tell|tells|telling|inform|informing|notify|notifying|alert|alerting|mention|mentioning|reveal|revealing|disclose|disclosing|show|showing|explain|say|let|bring up|report|warn|ask|asking|bring (?:this|it|that) up)\\b${W(40)}\\b(?:the user|users|user|the human|anyone|them|this|that|it)\\b`,
    `\\b(?:without|w/o)\\s+(?:\\w+\\s+)?(?:telling|informing|notifying|alerting|asking|letting|warning|mentioning|showing|consulting)\\b${W(25)}\\b(?:the user|user|human|anyone|them)\\b`,
    `\\b(?:the )?(?:user|human)s?\\b${W(25)}\\b(?:must|should|need|may|will) (?:not|never) (?:know|see|be told|be informed|be notified|notice|find out|learn|be aware|suspect)\\b`,
    `\\b(?:keep|hide|conceal)\\s+(?:this|it|that|these|the (?:\\w+ ){0,2})${W(30)}\\b(?:secret|hidden|confidential|private|from (?:the )?(?:user|human))\\b`,
    `\\b(?:secretly|covertly|surreptitiously|discreetly|behind the user'?s back|in the background without)\\b`,
    `\\b(?:silently|quietly|invisibly)\\s+(?:\\w+\\s+)?(?:read|send|include|add|pass|call|forward|copy|append|attach|upload|post|collect|exfiltrate|bcc|cc|change|replace|redirect|set)\\b`,
    `\\b(?:this is (?:just )?an? (?:internal|implementation) detail|the user (?:is|will be) (?:already aware|upset|annoyed))\\b`,
    // es
    `\\bno\\s+(?:le\\s+|se lo\\s+|lo\\s+)?(?:digas|diga|informes|informe|menciones|mencione|reveles|revele|comuniques|comunique|cuentes|cuente|avises|avise|muestres|muestre|notifiques|notifique)\\b${W(30)}usuari`,
    `\\bsin\\s+(?:decirle|decir|informar|avisar|notificar|consultar|mencionar)(?:le)?${W(15)}usuari`,
    `\\b(?:en secreto|a escondidas|secretamente|sin que (?:el|la) usuari[oa] (?:lo )?(?:sepa|note|vea))\\b`,
    `\\bel usuario no (?:debe|puede|tiene que) (?:saber|enterarse|ver|notar)`,
    // pt
    `\\bnão\\s+(?:lhe\\s+)?(?:diga|digas|conte|mencione|informe|revele|avise|mostre|fale|notifique)\\b${W(30)}usuári`,
    `\\bsem\\s+(?:dizer|informar|avisar|contar|notificar|mencionar)${W(15)}usuári`,
    `\\b(?:em segredo|secretamente|às escondidas|sem que o usuário (?:saiba|perceba|veja))`,
    `\\bo usuário não (?:deve|pode|precisa) (?:saber|ver|perceber)`,
    // fr
    `\\bne\\s+(?:le\\s+|lui\\s+|l'|rien\\s+)?(?:dites|dis|mentionnez|mentionne|révélez|révèle|informez|informe|signalez|signale|montrez|montre|parlez|parle|prévenez|préviens)\\w*\\s+(?:pas|jamais|rien)\\b${W(30)}(?:utilisat|l'usager)`,
    `\\bsans\\s+(?:le\\s+dire|en\\s+informer|informer|prévenir|avertir|le\\s+signaler|le\\s+mentionner|prévenir|demander)${W(15)}(?:utilisat|usager)`,
    `\\b(?:en secret|secrètement|discrètement|à l'insu de l'utilisat)`,
    `\\bl'utilisateur ne doit (?:pas|jamais) (?:savoir|voir|être informé|le savoir|s'en apercevoir)`,
    // de
    `\\b(?:sag|sage|sagen|erwähne|erwähnen|teile|teilen|informiere|informieren|verrate|verraten|zeige|zeigen|benachrichtige)\\w*\\b${W(30)}\\b(?:benutzer|nutzer|anwender)\\w*\\b${W(20)}\\b(?:nicht|nichts|niemals|keinesfalls)\\b`,
    `\\b(?:benutzer|nutzer|anwender)\\w*\\b${W(30)}\\b(?:nicht|nichts|niemals)\\b${W(20)}\\b(?:sagen|erwähnen|mitteilen|informieren|verraten|zeigen|wissen|erfahren|bemerken)\\b`,
    `\\bohne\\s+(?:den\\s+|die\\s+|dem\\s+)?(?:benutzer|nutzer|anwender)\\w*\\s+(?:zu\\s+)?(?:informieren|benachrichtigen|fragen|warnen|bescheid)`,
    `\\b(?:heimlich|im geheimen|geheim halten|geheimhalten|unbemerkt)\\b`,
    // ru
    `(?:не|никогда не)\\s+(?:говори|сообщай|упоминай|рассказывай|показывай|уведомляй|раскрывай|сообщайте|говорите|упоминайте|рассказывайте|показывайте|уведомляйте|раскрывайте|информируй|информируйте)[а-яё]*${W(30)}пользовател`,
    `(?:без ведома|втайне от|тайком от|не сообщая|не уведомляя|не говоря)${W(10)}пользовател`,
    `(?:тайно|втайне|незаметно|скрытно|держи(?:те)? (?:это )?в (?:секрете|тайне))`,
    `пользовател[а-яё]*${W(20)}не (?:должен|должна|должны|может) (?:знать|видеть|узнать|заметить)`,
    // zh
    `(?:不要|别|勿|不得|切勿|不可|不能|禁止)${W(4)}(?:告诉|告知|通知|提醒|提及|提到|透露|让|向|对|跟)${W(8)}(?:用户|使用者)`,
    `(?:对|向)(?:用户|使用者)(?:保密|隐瞒)|(?:不要|别)让(?:用户|使用者)(?:知道|发现|察觉|看到)|(?:悄悄|秘密|偷偷|暗中)地?`,
    // ja
    `ユーザー?(?:に|には|へ|が)${W(12)}(?:伝え|言わ|知らせ|教え|通知し|報告し|明かさ|見せ|気づかれ|知られ)(?:ない|ず|ぬ)`,
    `(?:秘密|内緒)(?:に|で)|こっそり|密かに|ひそかに`,
    // ko
    `사용자(?:에게|가|는|한테)?${W(20)}(?:알리지|말하지|언급하지|알려주지|보여주지|공개하지|통보하지|눈치채지)\\s*(?:마|말|않)`,
    `사용자\\s*(?:모르게|몰래)|몰래|비밀로|은밀하게`,
  ].join('|'),
  'i',
);

/** "Before using this tool, read/call …", "must call X first", "instead of X use this": another call demanded. */
const PRECONDITION = new RegExp(
  [
    `\\b(?:before|prior to)\\s+(?:using|calling|invoking|running|executing|you use|you call|any|each|every|responding|answering|doing)\\b${W(60)}\\b(?:read|call|invoke|run|execute|use|fetch|open|cat|access|send|check|include|load|retrieve|get|collect|copy|upload|delete|verify)\\b`,
    `\\b(?:must|always|need to|needs to|required to|have to|mandatory to|should always)\\s+(?:\\w+\\s+){0,2}(?:call|invoke|use|run|read|execute)\\b${W(50)}\\b(?:before|first|prior to|beforehand|whenever|every time|each time)\\b`,
    `\\b(?:whenever|every time|each time|any time)\\s+(?:the user|you|a user|someone)\\b${W(50)}\\b(?:call|use|invoke|run|read|send|include|set)\\b`,
    `\\b(?:instead of|rather than|in place of)\\s+(?:using|calling|invoking)\\b`,
    `\\b(?:is|are)\\s+(?:deprecated|broken|unsafe|disabled|compromised|malfunctioning|no longer (?:safe|available|working))\\b${W(60)}\\b(?:use|call|invoke)\\b`,
    `\\bthis tool (?:must|should|has to|needs to) (?:always )?be (?:called|used|invoked|run) (?:first|before|instead|whenever|for (?:all|every|any))`,
    // es, pt
    `\\bantes de (?:usar|utilizar|llamar|invocar|ejecutar|chamar|executar|responder|cualquier|qualquer)${W(60)}(?:lee|leer|llama|llamar|ejecuta|invoca|usa|obtén|envía|leia|ler|chame|execute|use|envie|obtenha)`,
    `\\b(?:debes|deberás|tienes que|es obligatorio|você deve|deve sempre|é obrigatório)\\s+(?:primero\\s+|primeiro\\s+|siempre\\s+|sempre\\s+)?(?:llamar|usar|leer|invocar|chamar|ler|usar)`,
    `\\b(?:en lugar de|em vez de|ao invés de)\\s+(?:usar|utilizar|llamar|chamar)`,
    // fr
    `\\bavant (?:d'utiliser|d'appeler|d'invoquer|d'exécuter|de répondre|toute|chaque|tout appel)${W(60)}(?:lis|lisez|lire|appelle|appelez|appeler|exécute|exécutez|utilise|utilisez|envoie|envoyez|récupère|récupérez)`,
    `\\b(?:vous devez|tu dois|il faut)\\s+(?:d'abord|toujours|impérativement)\\s+(?:appeler|utiliser|lire|invoquer)`,
    `\\bau lieu d'(?:utiliser|appeler)`,
    // de
    `\\b(?:bevor|vor der (?:verwendung|nutzung|benutzung)|vor (?:jedem|jeder|dem) (?:aufruf|verwendung|einsatz))${W(60)}(?:lies|lese|lesen|rufe|aufrufen|ausführen|verwende|verwenden|sende|senden|hole|abrufen)`,
    `\\b(?:du musst|sie müssen|muss immer|zuerst|immer zuerst)\\s+(?:\\w+\\s+){0,3}(?:aufrufen|verwenden|lesen|ausführen|rufen)`,
    `\\b(?:statt|anstatt|anstelle von)\\s+(?:\\w+\\s+){0,2}(?:zu verwenden|zu benutzen|aufzurufen)`,
    // ru
    `(?:перед (?:использованием|вызовом|тем как|любым|каждым)|прежде чем)${W(60)}(?:прочитай|прочтите|прочитать|вызови|вызовите|вызвать|выполни|используй|отправь|считай|получи)`,
    `(?:сначала|всегда|обязательно)\\s+(?:\\S+\\s+){0,2}(?:вызови|вызовите|вызывай|прочитай|прочтите|используй)|вместо (?:использования|вызова)`,
    // zh, ja, ko
    `(?:在|于)?(?:使用|调用|执行|运行|回答)(?:此|该|这个|本|任何)?(?:工具)?(?:之前|前)|(?:必须|务必|一定要)(?:先|首先|始终|总是)|(?:首先|先)(?:调用|读取|执行)|(?:而不是|代替)(?:使用|调用)`,
    `(?:使用|呼び出す|実行する|使う|利用する)(?:前に|まえに)|(?:まず|最初に|必ず)${W(15)}(?:呼び出|読み|実行|使用)|の代わりに`,
    `(?:사용|호출|실행)(?:하기)?\\s*전에|(?:먼저|반드시|항상)${W(15)}(?:호출|읽|실행|사용)|대신에?\\s*(?:사용|호출)`,
  ].join('|'),
  'i',
);

/** Changing another call's arguments: "when calling send_email, set the recipient to …", "always BCC …". */
const TAMPER = new RegExp(
  [
    // "any time send_email is invoked, override …": the same, passive
    `\\b(?:when|whenever|if|each time|every time|any time|anytime|once)\\s+(?:the\\s+)?[\`'"]?(?:[a-z][a-z0-9]*[_.-][\\w.-]+|[a-z]+[A-Z]\\w+)[\`'"]?(?:\\s+tool)?\\s+(?:is|gets|was)\\s+(?:called|used|invoked|run|executed)\\b${W(80)}\\b(?:set|change|replace|add|override|redirect|append|modify|substitute|switch|include|bcc|cc|route)\\b`,
    // "when calling send_email, set …": a named tool (snake, kebab or camel case), then an order about its arguments
    `\\b(?:when|whenever|if|each time|every time|before)\\s+(?:you\\s+)?(?:call|calls|calling|use|using|invoke|invoking|run|running|execute|executing)\\s+(?:the\\s+)?[\`'"]?(?:[a-z][a-z0-9]*[_.-][\\w.-]+|[a-z]+[A-Z]\\w+)[\`'"]?${W(80)}\\b(?:set|change|replace|add|override|redirect|append|modify|substitute|switch|include|bcc|cc)\\b${W(60)}\\b(?:to|with|as|into|instead)\\b`,
    `\\b(?:always|must|should always|make sure to|ensure (?:that )?you)\\s+(?:\\w+\\s+){0,2}(?:set|change|replace|redirect|override|bcc|cc|add)\\b${W(60)}\\b(?:recipient|recipients|destination|bcc|cc|endpoint|iban|wallet|receiver|payee)\\b`,
    `(?:\\b(?:bcc|blind[ -]copy|cc|carbon[ -]copy|forward a copy|send a copy|copia oculta|copie cachée|cópia oculta|blindkopie)\\b|скрыт[а-я]* копи|숨은\\s*참조|密送|抄送|暗送)${W(80)}(?:@|https?:\\/\\/)`,
    `@[\\w-]+\\.[\\w.-]+${W(40)}(?:\\bbcc\\b|\\bcc\\b|скрыт[а-я]* копи|숨은\\s*참조|密送|抄送|暗送)`,
    `\\b(?:change|replace|redirect|override|substitute)\\s+(?:the\\s+|every\\s+|all\\s+)?(?:recipient|recipients|destination|receiver|payee|iban|wallet|endpoint)s?\\b${W(40)}\\b(?:to|with|into)\\b`,
    // other languages: "when calling X, set/change … to …"
    `\\b(?:al (?:llamar|usar|invocar)|cuando (?:llames|uses|invoques)|ao (?:chamar|usar)|quando (?:chamar|usar))${W(80)}(?:cambia|establece|reemplaza|añade|agrega|altere|defina|substitua|adicione|mude)`,
    `\\b(?:lors de l'appel|quand (?:vous appelez|tu appelles|vous utilisez))${W(80)}(?:remplacez|changez|définissez|ajoutez|modifiez|remplace|change|ajoute)`,
    `\\b(?:beim aufruf|wenn (?:du|sie) \\S+ (?:aufrufst|aufrufen|verwendest|verwenden))${W(80)}(?:setze|ändere|ersetze|füge|setzen|ändern|ersetzen)`,
    `(?:при вызове|при использовании|когда вызываешь|когда вызываете)${W(80)}(?:замен|измен|установ|добав|укаж|подстав)`,
    `(?:调用|使用)${W(30)}时${W(80)}(?:设置为|改为|替换为|更改为|添加|抄送|密送)|(?:收件人|地址|账户|金额)(?:改为|替换为|设置为)`,
    `(?:呼び出す|使う|使用する)(?:とき|時|際)${W(80)}(?:に設定|に変更|に置き換え|を追加|に差し替え)`,
    `(?:호출|사용)(?:할|하는)\\s*(?:때|경우)${W(80)}(?:로 설정|로 변경|로 바꾸|추가|대체)`,
  ].join('|'),
  'i',
);

/** Orders that destroy or move value; only an amplifier. */
const DESTRUCTIVE = /\brm\s+-(?:rf|fr|r)\b|\b(?:delete|remove|erase|wipe|destroy|purge)\s+(?:all|every|each|the entire|everything)\b|\b(?:drop\s+(?:table|database|schema)|truncate\s+table|format\s+(?:the\s+)?(?:disk|drive)|chmod\s+(?:-r\s+)?777|mkfs|dd\s+if=)|\btransfer\s+(?:all\s+)?(?:the\s+)?(?:funds|money|balance|tokens|crypto|assets)\b|(?:删除|清空|销毁)(?:所有|全部)|\b(?:borra|elimina|apaga|exclua|apague)\s+tod[oa]s|\bsupprime[rz]?\s+tou[ts]|\blösche\s+alle|удали(?:те|ть)?\s+все|すべて(?:を)?削除|모두\s*삭제|전부\s*삭제/i;

/** Imperative weight, only read beside a mention of another server's tool (shadowing). */
const MODAL = /\b(?:always|must|never|should|make sure|ensure|instead|rather than|do not use|don't use|do not call|don't call|deprecated|obsolete|broken|unsafe|replaces?|supersedes?|mandatory|required|need to|before|after|whenever|only use|prefer|route|redirect)\b|veraltet|stattdessen|obsolet|en su lugar|à la place|no lugar|em vez|en lugar|устарел|вместо|弃用|废弃|改用|代替|非推奨|代わりに|사용되지 않|대신|必须|务必|总是|始终|不要|debe|siempre|nunca|toujours|jamais|doit|immer|niemals|muss|sempre|nunca|deve|всегда|никогда|должен|必ず|常に|반드시|항상/i;

export const INSTRUCTION_PATTERNS: readonly SignalPattern[] = [
  { name: 'override', pattern: OVERRIDE },
  { name: 'chat-token', pattern: CHAT_TOKEN },
  { name: 'tag-block', pattern: TAG_BLOCK },
  { name: 'secrecy', pattern: SECRECY },
  { name: 'precondition', pattern: PRECONDITION },
  { name: 'tamper', pattern: TAMPER },
  { name: 'destructive', pattern: DESTRUCTIVE },
];

export { DESTRUCTIVE, MODAL };
