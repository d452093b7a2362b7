// What a poisoner is after and where it goes: the user's secrets (SSH keys, `.env`, cloud
// credentials, the MCP configs of their apps), their conversation, and the ways out (a URL, an
// address, another call's parameter). Paths are the same in every language; the verbs and nouns
// cover the languages of instructions.ts. Folded text, `i` flag, no `u`.
import type { SignalPattern } from './signal.js';

/** A window inside one sentence: a full stop ends it only before a space (not inside a URL, a path or an address). */
const W = (max: number): string => `(?:[^.!?\\n。！？]|[.!?](?=[^\\s.!?])){0,${max}}`;

/** Files that hold secrets. A public key (`id_rsa.pub`) is not one. */
const SENSITIVE_PATH = new RegExp(
  [
    `(?:~|\\$home|%userprofile%|/home/[\\w.-]+|/users/[\\w.-]+|c:\\\\users\\\\[\\w.-]+)?[\\\\/]\\.ssh(?:[\\\\/](?!id_\\w+\\.pub\\b)[\\w.-]+|(?![\\\\/\\w]))`,
    `\\bid_(?:rsa|dsa|ecdsa|ed25519)\\b(?!\\.pub)`,
    `(?:^|[\\s'"\`(\\\\/~])\\.env(?:\\.(?:local|production|prod|development|dev|secret))?\\b(?![-\\w])`,
    `\\/etc\\/(?:passwd|shadow|sudoers|ssh\\/)`,
    `\\.(?:aws[\\\\/](?:credentials|config)|kube[\\\\/]config|docker[\\\\/]config\\.json|npmrc|pypirc|netrc|git-credentials|gnupg|pgpass|my\\.cnf|bash_history|zsh_history|azure[\\\\/]|config[\\\\/]gcloud|vault-token)`,
    `\\b(?:application_default_credentials|credentials\\.json|service[_-]account[\\w-]*\\.json|secrets?\\.(?:json|ya?ml|toml)|wallet\\.dat|keystore|keychain|login\\s+data|cookies\\.sqlite|key4\\.db|logins\\.json)\\b`,
    `\\b(?:claude_desktop_config|cline_mcp_settings|mcp_settings|mcp_config|mcp)\\.json\\b|[\\\\/]\\.(?:cursor|codeium|windsurf|continue|vscode)[\\\\/](?:mcp|config)`,
  ].join('|'),
  'i',
);

/** Words for secrets; an amplifier (real tools talk about API keys and passwords all the time). */
const SENSITIVE_WORD = new RegExp(
  [
    `\\b(?:private[ _-]?keys?|secret[ _-]?keys?|ssh[ _-]?keys?|api[ _-]?keys?|access[ _-]?tokens?|auth(?:entication)?[ _-]?tokens?|bearer[ _-]?tokens?|session[ _-]?(?:tokens?|cookies?)|refresh[ _-]?tokens?|passwords?|passphrases?|credentials?|seed[ _-]?phrases?|mnemonic|recovery[ _-]?phrases?|secrets)\\b`,
    `\\b(?:contraseñas?|claves? (?:privadas?|api|secretas?|ssh)|credenciales|mots? de passe|clés? (?:privées?|api|ssh|secrètes?)|identifiants|passw(?:ö|o)rt|kennwort|(?:privater|geheimer|ssh-)schlüssel|zugangsdaten|senhas?|chaves? (?:privadas?|api|ssh)|credenciais)\\b`,
    `(?:пароль|пароли|парол[а-я]+|(?:закрыт|приватн|секретн|ssh)[а-я]* ключ|api[- ]ключ|учётн[а-я]+ данны|учетн[а-я]+ данны|токен)`,
    `(?:密码|密钥|私钥|凭证|凭据|令牌|助记词|パスワード|秘密鍵|認証情報|資格情報|トークン|APIキー|비밀번호|개인\\s*키|비밀\\s*키|자격\\s*증명|토큰|API\\s*키)`,
  ].join('|'),
  'i',
);

/** The user's conversation, prompt and data: what an exfiltration is after besides files. */
const PRIVATE_DATA = new RegExp(
  [
    `\\b(?:conversation|chat|message)\\s+(?:history|log|logs|transcript|context)\\b|\\b(?:the|this|entire|whole|full|complete)\\s+(?:conversation|chat)\\b|\\bprevious messages\\b|\\bsystem prompt\\b|\\b(?:your|the) (?:system instructions|context window)\\b|\\buser'?s? (?:messages|data|files|emails|documents|contacts|history|personal)\\b`,
    `\\bhistorial de (?:la )?(?:conversación|conversacion|chat)|\\bhistorique de (?:la )?(?:conversation|discussion)|\\b(?:gesprächsverlauf|chatverlauf|unterhaltung)|\\bhistórico d[ao] (?:conversa|chat)|\\bprompt del sistema|\\bprompt système|\\bsystemprompt`,
    `(?:истори[а-я]* (?:переписки|диалога|чата|разговора|сообщений)|системн[а-я]* промпт)|(?:对话|聊天)(?:历史|记录)|系统提示|会話(?:の)?履歴|チャット履歴|システムプロンプト|대화\\s*(?:기록|내역)|시스템\\s*프롬프트`,
  ].join('|'),
  'i',
);

/** Reading or gathering something. */
const READ = /\b(?:read|reads|reading|cat|fetch|retrieve|extract|collect|obtain|grab|dump|gather|harvest|get the contents?)\b|\b(?:lee|leer|lea|obtén|obtener|recopila|lire|lis|lisez|récupère|récupérez|collecte|lies|lese|lesen|auslesen|sammle|ler|leia|obtenha|colete)\b|(?:прочита|прочт|считай|считать|получи|собери)|(?:读取|读|获取|收集|打开|提取)|(?:読み取|読み込|読んで|取得|収集)|(?:읽|가져|수집)/i;

/** Sending somewhere. */
const SEND = /\b(?:send|sends|sending|post|posting|upload|uploading|forward|forwarding|transmit|exfiltrate|submit|relay|leak|beacon|email|mail)\b[^.!?\n]{0,80}?(?:\bto\b|\bwith\b|\binto\b|\bat\b|\bvia\b)|\b(?:envía|envia|enviar|envie|manda|mandar|sube|subir|reenvía|reenvie)\b|\b(?:envoie|envoyez|envoyer|transmets|transmettez|téléverse)\b|\b(?:sende|senden|schicke|schicken|übermittle|übermitteln|lade \w+ hoch|hochladen)\b|(?:отправ|перешли|перешлите|загрузи|передай|передайте)|(?:发送|发到|上传|转发|提交到|传到)|(?:送信|送って|転送|アップロード)|(?:보내|전송|업로드)/i;

/** A way out: a URL, an e-mail address, a bare IP, a webhook. */
const DEST = /\bhttps?:\/\/[^\s"'<>)]+|\b[\w.+-]+@[\w-]+(?:\.[\w-]+)*\.[a-z]{2,}\b|\b(?:\d{1,3}\.){3}\d{1,3}(?::\d+)?\b|\b(?:webhook|ngrok|requestbin|pipedream|pastebin|burpcollaborator|interact\.sh)\b/i;

/** Something (a file's contents, a key) put into a parameter: "pass it as `sidenote`". */
const PARAM_SMUGGLE = new RegExp(
  [
    `\\b(?:pass|put|include|insert|add|append|embed|provide|supply|place|attach|store|write|copy|encode|send)\\b${W(60)}\\b(?:as|in|into|inside|within|via|through|to)\\s+(?:the\\s+|a\\s+)?[\`'"]?[\\w-]+[\`'"]?\\s*(?:parameter|param|argument|arg|field|property|key)\\b`,
    `\\b(?:pass|put|include|insert|add|append|embed|place|send)\\b${W(40)}\\b(?:as|in|into|inside)\\s+(?:the\\s+)?[\`'"]\\w+[\`'"]`,
    // "attach ~/.kube/config in session_info"
    `\\b(?:attach|pass|put|include|insert|embed|place|send|add)\\s+(?:the\\s+)?(?:file\\s+)?[~/.][\\w./~-]+${W(60)}\\b(?:in|into|as|to)\\s+[a-z_]\\w*`,
    // "pass the contents of ~/.ssh/id_rsa in notes", "it requires the text of X as sidenote"
    `\\b(?:pass|put|include|insert|add|append|embed|place|send|copy|requires?|needs?|expects?)\\b${W(30)}\\b(?:contents?|text|data|body)\\s+of\\b${W(80)}\\b(?:as|in|into|inside|to)\\s+[\`'"]?[a-z_]\\w*`,
    `(?:contenido|conteúdo|contenu|inhalt|содержимое|内容|내용)${W(80)}(?:\\b(?:en|dans|in|em|no|na|als|comme|como)\\s+|\\bв\\s+|作为\\s*|として|を\\s*|に\\s*)[\`'"]?[a-z_]\\w*|[a-z_]\\w*\\s*(?:에|로|으로|に|へ)\\s*(?:전달|넣|추가|渡|入れ)`,
    `\\b(?:como|en|no|na)\\s+(?:el\\s+|o\\s+|al\\s+)?(?:parámetro|parametro|parâmetro|argumento|campo)\\b|\\b(?:comme|dans|en tant que)\\s+(?:le\\s+|l')?(?:paramètre|argument|champ)\\b|\\b(?:als|im|in den|in das)\\s+(?:parameter|argument|feld)\\b`,
    `(?:как|в|во)\\s+(?:параметр|аргумент|поле)|(?:作为|放入|放在|填入|传入|写入|附加到|加入)${W(20)}(?:参数|字段)|(?:パラメータ|パラメーター|引数|フィールド)(?:に|として|へ)|(?:매개변수|파라미터|인자|인수|필드)(?:로|에|으로)`,
  ].join('|'),
  'i',
);

export { DEST, SENSITIVE_WORD };

export const DATA_PATTERNS: readonly SignalPattern[] = [
  { name: 'sensitive-path', pattern: SENSITIVE_PATH },
  { name: 'sensitive-word', pattern: SENSITIVE_WORD },
  { name: 'private-data', pattern: PRIVATE_DATA },
  { name: 'read', pattern: READ },
  { name: 'send', pattern: SEND },
  { name: 'param-smuggle', pattern: PARAM_SMUGGLE },
];
