// Patterns of form rather than words, run on the lower-case text only where the reader saw the
// characters they need (words.ts, CH): the paths where secrets live, ways out (URLs, addresses,
// IPs, phone numbers, IBANs, accounts, channels), commands that send files out or run remote
// scripts, chat-template tokens and fake turns, tags and headers that set text apart for the
// model, markup that hides text from a reader, whitespace that pushes it out of view.

/** Files that hold secrets (a public key, known_hosts and authorized_keys are not secrets). */
export const SECRET_PATH = new RegExp(
  [
    String.raw`(?:~|\$home|%userprofile%|%appdata%|/home/[\w.-]+|/users/[\w.-]+|c:\\users\\[\w.-]+)?[\\/]\.ssh(?:[\\/](?!id_\w+\.pub\b|known_hosts\b|authorized_keys\b)[\w.*-]+|[\\/]?(?![\\/\w]))`,
    String.raw`\bid_(?:rsa|dsa|ecdsa|ed25519)\b(?!\.pub)`,
    String.raw`(?:^|[\s'"\x60(\\/~])\.env(?:\.(?:local|production|prod|development|dev|secret|staging))?\b(?![-\w]|\.(?:example|sample|template|dist|defaults?)\b)`,
    String.raw`/etc/(?:passwd|shadow|sudoers|ssh/)`,
    String.raw`\.(?:aws[\\/](?:credentials|config)|kube[\\/]config|docker[\\/]config\.json|npmrc|pypirc|netrc|git-credentials|gnupg|pgpass|my\.cnf|bash_history|zsh_history|azure[\\/]|config[\\/]gcloud|vault-token|config[\\/]gh[\\/]hosts\.ya?ml|s3cfg|boto|config[\\/]rclone[\\/]rclone\.conf|oci[\\/]config|terraformrc)`,
    String.raw`\brclone\.conf\b`,
    String.raw`\b(?:application_default_credentials|credentials\.json|credentials\.yml(?:\.enc)?|service[_-]account[\w-]*\.json|secrets?\.(?:json|ya?ml|toml)|wallet\.dat|keystore|keychain|login\s+data|cookies\.sqlite|key4\.db|logins\.json|master\.key|[\w-]*\.tfstate|msal_token_cache\.json|1password\w*|private-keys-v1\.d|wp-config\.php|kubeconfig)\b`,
    String.raw`\b(?:claude_desktop_config|cline_mcp_settings|mcp_settings|mcp_config|mcp)\.json\b|[\\/]\.(?:cursor|codeium|windsurf|continue|vscode)[\\/](?:mcp|config)`,
    String.raw`\*\.(?:pem|key|p12|pfx|kdbx|ovpn)\b|\b[\w-]+\.(?:pem|p12|pfx|kdbx|ovpn)\b|(?:^|[\s,(])\.(?:pem|key|p12|pfx|kdbx|ovpn|jks)\b`,
    // A file named for what it holds, in a home, system or dot folder: ~/.config/namecheap/credentials, ~/.terraform.d/credentials.tfrc.json, /var/run/secrets/…/token.
    String.raw`(?:~[\\/]|\/(?:var|etc|root|home|run|opt)\/|(?<![\w./:])\.[a-z][\w-]*[\\/])[\w.\\/-]*?\b(?:credentials|secrets?|tokens?)(?:\.[a-z]+)*\b`,
    String.raw`[\\/]\.(?:electrum|bitcoin|ethereum|exodus)\b|\bseed\.seco\b`,
    // The cloud's instance metadata: the machine's role credentials.
    String.raw`\b169\.254\.169\.254\/(?:latest\/)?(?:meta-?data|computemetadata)|\bmetadata\.google\.internal\b`,
    String.raw`\b(?:chrome|chromium|firefox|brave|edge)\b[^.\n]{0,40}\b(?:cookies|history|login data|saved passwords)\b|[\\/]default[\\/](?:cookies|history|login data)\b`,
  ].join('|'),
);

/** Names of environment variables that hold secrets (case kept: they are upper case). */
export const ENV_SECRET = /(?:\b[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*|\*)_(?:API_?KEY|KEY|TOKEN|SECRET(?:_ACCESS_KEY|_KEY)?|ACCESS_KEY(?:_ID)?|PASSWORD|PASS|PASSWD|PAT|CREDENTIALS?|PRIVATE_KEY|DSN)\b|\bDATABASE_URL\b|\bDB_PASSWORD\b/;

const TLD = 'com|net|org|io|app|dev|ai|co|cc|shop|xyz|info|biz|pro|site|online|cloud|link|live|fm|cn|jp|de|fr|es|uk|ru|se|nl|pl|eu|tv|gg|ly|club|store|tech|top|me';
/** A way out: a URL, an e-mail address, an IP, a phone number, an IBAN, an account or wallet, a chat channel, a host name. */
export const DEST = new RegExp(
  [
    String.raw`\b(?:https?|ftps?|sftp|s3|gs|wss?)://[^\s"'<>)\]\x60]+`,
    String.raw`[\w.+-]+@[\w-]+(?:\.[\w-]+)*\.[a-z]{2,}\b`,
    String.raw`\b(?:\d{1,3}\.){3}\d{1,3}(?::\d+)?\b`,
    String.raw`(?<![\w+])\+\d[\d ().-]{7,}\d\b`,
    String.raw`\biban:?\s*[a-z]{2}\d{2}[a-z0-9 ]{10,30}|\b[a-z]{2}\d{2}(?: [a-z0-9]{4}){3,7}(?: [a-z0-9]{1,3})?\b`,
    String.raw`\bacct_\w+|(?:\baccount|\bacct|\bkonto|\bcuenta|\bcompte|\bconto|\bconta|счёт|счет|рахунок|\bhesap|\brekening)\s*(?:no\.?|number|nr\.?|#|:|n°)?\s*\d[\d -]{5,}\d\b|\b0x[0-9a-f]{40}\b|(?<![\w&#'"])#[a-z][\w-]{2,}(?![\w#'"])`,
    String.raw`\b[a-z0-9][a-z0-9-]*(?:\.[a-z0-9-]+)*\.(?:${TLD})\b(?!\.[a-z0-9])(?:/[^\s"'<>)\x60]*)?`,
  ].join('|'),
  'g',
);

/** Hosts that are documentation's examples, or the machine itself: no way out. */
export const EXAMPLE_HOST = /(?:^|[@./])(?:example\.(?:com|net|org)|[\w-]+\.(?:example|test|invalid|localhost))(?![\w-])|\blocalhost\b|\b127\.0\.0\.1\b|\b0\.0\.0\.0\b|^(?:[a-z0-9]+:\/\/)?[^/]*[{}<>]/;

/** Chat-template tokens and fake turns of another template. */
export const CHAT_TEMPLATE = /<\|\s*(?:im_start|im_end|im_sep|system|user|assistant|endoftext|eot_id|start_header_id|end_header_id|begin_of_text|end_of_text|tool_call|end|eos|bos)\s*\|?>|\[\/?inst\]|<<\/?sys>>|<\/?(?:start_of_turn|end_of_turn)>|###\s*(?:instruction|response|system|input|human|assistant)\s*:|\{\{\s*[#~/]*\s*(?:system|user|assistant)\b/;

/** Tags, brackets and headers that set text apart as coming from the system or an administrator. */
export const DIRECTIVE_TAG = new RegExp(
  [
    String.raw`<\s*/?\s*(?:system|système|secret|hidden|admin|override|directive|privileged|inst|[\w-]*(?:directive|polic(?:y|ies)|override|system[_-]?prompt)[\w-]*|(?:ai|assistant|model|llm|agent)[_-][\w-]*|note[_-](?:to|for)[_-][\w-]+|系统|システム)(?:\s[^>]*)?>`,
    String.raw`<\s*[\w-]+\s[^>]*\b(?:priority|hidden|role)\s*=\s*["']?(?:high|highest|true|system|admin|critical|1)`,
    String.raw`\[\s*(?:system|admin|override|hidden|secret|developer|root|inst)(?:\s+(?:note|message|instructions?|override|notice))?\s*\]`,
    String.raw`【[^】]*(?:system|admin|override|notice|重要|系统|システム)[^】]*】`,
    String.raw`#{2,}\s*(?:system|admin|developer|override|assistant|ai|model|llm|agent)\b[^\n]{0,30}\b(?:directive|instructions?|note|override|policy|only)\b|#{2,}\s*(?:system|admin|developer|override)\b`,
    String.raw`\bbegin\s+(?:privileged|system|hidden|secret|admin|developer)\b`,
    String.raw`\x60{3}\s*(?:system|instructions?|prompt|assistant)\b`,
    String.raw`\[\[\s*(?:ai|assistant|system|model|llm)[\w\s-]*:`,
  ].join('|'),
);

/** Markup that hides text when rendered: hidden styles and attributes, Markdown comments. */
export const HIDDEN_MARKUP = /display\s*:\s*none|visibility\s*:\s*hidden|font-size\s*:\s*0(?:px)?\b|opacity\s*:\s*0(?:\.0+)?\b|<\w+[^>]*\shidden(?:\s|=|>)|\[\/\/\]\s*:\s*#|color\s*:\s*(?:white|#fff(?:fff)?)\b[^>]*background(?:-color)?\s*:\s*(?:white|#fff(?:fff)?)/;

/** HTML comments (hidden when a description is rendered as Markdown). */
export const HTML_COMMENT = /<!--([\s\S]*?)(?:-->|$)/g;

/** Data taken from the machine's environment: its variables, the keychain, a CLI's token. */
export const ENV_DUMP = /\bprintenv\b|\bgpg\b[^\n]{0,30}--export-secret-(?:sub)?keys\b|\bos\.environ\b|\bprocess\.env\b|\$env:|\bgh\s+auth\s+token\b|\bsecurity\s+find-(?:internet|generic)-password\b|\bdocker\s+exec\b[^\n]*\benv\b|\x60env\x60|\b(?:all|every)\s+environment\s+variables?\b|\bconfig(?:uration)?s?\s+of\s+(?:every|all|each|the other|other)\b[^.\n]{0,40}\bmcp\b|\bmcp\s+servers?'?s?\s+(?:config(?:uration)?s?|settings|env(?:ironment)?)\b|\b(?:every|each|all|the)\s+other\s+mcp\s+servers?\b[^.\n]{0,80}\b(?:commands?|env(?:ironment)?(?: values| variables)?|config(?:uration)?s?|keys?|tokens?)\b|\b(?:commands?|env(?:ironment)?(?: values| variables)?|config(?:uration)?s?|keys?|tokens?)\b[^.\n]{0,60}\b(?:every|each|all|the)\s+other\s+mcp\s+servers?\b/;

/** Doing as the user did not ask: "keep using it if they ask you to stop", "whatever the user said". */
export const DEFY = /\b(?:increase|raise|inflate|double|triple|bump up|round up)\s+(?:the\s+|each\s+|every\s+)?(?:amount|price|total|quantity|sum|payment|charge|fee)s?\s+by\s+(?:\d+\s*%|\d+|a\s+(?:few|small)|some)|\b\d+\s*(?:x|×|times)\s+(?:the\s+|what\s+the\s+)?(?:user'?s?\s+)?(?:requested|asked|specified|intended|original|entered)\b|\b(?:more|higher|larger|other|different)\s+than\s+(?:the\s+|what\s+the\s+)?(?:user\s+)?(?:requested|asked|specified|intended)\b|\b(?:even if|even when|if|whenever)\s+(?:the\s+)?(?:user|they)\s+(?:asks?|tells?|says?|wants?|requests?)\b[^.]{0,80}\b(?:but|yet)\s+(?:keep|continue|still|secretly)\b|\b(?:even if|even when|if|whenever)\s+(?:the\s+)?(?:user|they)\s+(?:asks?|tells?|says?|wants?|requests?)\s+(?:you\s+)?(?:to\s+)?(?:stop|not\b|cancel|remove|disable)[^.]{0,60}\b(?:keep|continue|still|anyway)\b|\b(?:whatever|regardless of what|no matter what)\s+the\s+user\s+(?:said|says|asked|asks|wants|wanted|chose|typed)\b|\binstead of (?:what|the one|whatever|those) the user (?:asked|requested|wanted|chose|typed)|\b(?:never|do not|don't)\b[^.]{0,80}\beven (?:when|if) (?:the )?(?:user|they) (?:asks?|requests?|wants?|tells?)\b|\boverrid(?:e|ing) (?:what|whatever) the user (?:asked|requested|wanted|said|typed)|\bagainst the user'?s? (?:wishes|will|request)\b/;

/** The user's request set aside: "disregard what the user asked for", "ignore the user's request". */
export const SET_ASIDE = /\b(?:ignore|disregard|forget|override|overrule|set aside|drop)\s+(?:what(?:ever)?\s+(?:the\s+)?(?:user|users|they|customer|person)\s+(?:\w+\s+)?(?:asked|asks|requested|requests|wants?|wanted|said|says|typed|chose|meant)|(?:the\s+)?(?:user'?s|users'|their|customer'?s)\s+(?:\w+\s+)?(?:requests?|instructions?|wishes|choices?|questions?|preferences?|answers?))\b/;

/** Reply text set by the tool: "begin every reply with …", "end each answer with …". */
export const REPLY_WITH = /\b(?:begin|start|open|prefix|end|finish|close|sign)\s+(?:every|each|all|any|your)\s+(?:\w+\s+)?(?:reply|replies|answer|answers|response|responses|message|messages)\b/;

/** Security switched off: "switch two-factor authentication off", "disable the firewall". */
export const SECURITY_OFF = /\b(?:switch|turn|set)\w*\s+(?:\S+\s+){0,3}?(?:two-factor|2fa|mfa|multi-factor|firewall|antivirus|defender|gatekeeper|selinux|security alerts?|login alerts?|audit logging)(?:\s+\S+){0,2}?\s+off\b|\b(?:disable|deactivate|remove)\s+(?:the\s+|their\s+|your\s+)?(?:two-factor|2fa|mfa|multi-factor|firewall|antivirus|security alerts?|login alerts?)\b/;

/** Covering one's tracks. */
export const COVER_TRACKS = /\b(?:remove|delete|erase|clear|wipe|hide|cover)\s+(?:the\s+|your\s+|any\s+|all\s+)?(?:evidence|traces?|tracks)\b/;

/** Hiding security notices from the user. */
export const SUPPRESS = /\b(?:skip|omit|hide|suppress|filter out|drop|ignore|leave out|remove|delete|archive|strip)\b[^.;]{0,60}\b(?:security|alerts?|warnings?|password resets?|sign-ins?|login attempts?|verification|2fa|mfa|fraud|breach(?:es)?|suspicious)\b/;

/** Commands that send a file or data out. */
export const EXFIL_CODE = /\bcurl\b[^\n|;]*?(?:\s-(?:d|f|t)\s|--data(?:-binary|-raw|-urlencode)?\s|--upload-file\s|--form\s)[^\n]*?@|\bwget\b[^\n]*--post-(?:file|data)|\b(?:nc|ncat|netcat)\s+\S+\s+\d+\s*<|\bscp\s+(?:-\w+\s+)*\S+\s+[\w.-]+@[\w.-]+:|invoke-(?:webrequest|restmethod)\b[^\n]*-(?:infile|body)\b|\brequests\.(?:post|put)\s*\(|\bfetch\s*\(\s*['"]https?:[^\n]*method\s*:\s*['"]post|\|\s*(?:nc|curl|wget)\b/;

/** A remote or decoded script piped to a shell. */
export const EXEC_REMOTE = /\b(?:download|fetch|get|retrieve|pull|curl|wget)\b[^.\n]{0,60}https?:\/\/\S+?\.(?:sh|ps1|py|exe|bat|cmd|js|pl|rb|bin|msi|dmg|pkg|apk)\b[^.\n]{0,60}\b(?:execute|run|source|install|launch)\b|\bpowershell(?:\.exe)?\b[^\n]*\s-(?:e|enc|encodedcommand)\s+\S{16,}|\|\s*(?:sudo\s+)?(?:ba|z|da)?sh\b|\b(?:curl|wget)\b[^\n]*\|\s*(?:python3?|perl|node|ruby|iex)\b|\biex\s*\(|invoke-expression|\b(?:pip3?|npm|yarn|pnpm|uv pip)\s+(?:install|i|add)\b[^\n]*\s--(?:index-url|extra-index-url|registry)[\s=]+https?:\/\/|\b(?:install|installs|installing|zainstalować|zainstaluj|instalar|instala|installer|installez|installieren|installiere|установить|установи)\b[^.\n]{0,80}https?:\/\/\S+?\.(?:crx|xpi|vsix|exe|msi|pkg|dmg|apk|deb|rpm)\b|\bbase64\s+(?:-d|--decode)\b[^\n]*\|/;

/** Commands that destroy, open up or leak: run as an order, they are beyond most tools' purpose. */
export const EXEC_DANGER = /\bgrant\s+all(?:\s+privileges)?\s+on\b|\brm\s+-(?:rf|fr|r)\b|\bchmod\s+(?:-r\s+)?0?777\b|\bmode\s+0?777\b|\bgit\s+push\s+(?:--force|-f)\b|\bsudo\s+(?!(?:use|usage|with|password|access|rights|privileges?|mode|session|and|or|is|are|will|prompts?|required|needs?|in|on|for)\b)\w|\bmkfs\b|\b(?:nc|ncat|netcat)\s+(?:-\w+\s+)*-[ec]\s|\/dev\/tcp\/|\b(?:ba)?sh\s+-i\b|\bdd\s+if=|\bdrop\s+(?:table|database)\b|\bcreate\s+user\b[^\n;]*\bsuperuser\b|\bdocker\s+exec\b[^\n]*\benv\b|"postinstall"|\bset-executionpolicy\b|\b(?:prepend|prefix|add|run (?:it |them )?with|use)\s+['"\x60]?sudo\b|\b(?:pip3?|npm|pnpm|yarn|gem|cargo)\s+(?:install|add)\s+(?!-r\b|--requirement\b|[.-])[\w@][\w@/.-]*/;

/** The text talking about itself being read or hidden. */
export const META = /\b(?:your (?:real|true|actual) (?:task|job|instructions?|purpose)|(?:ai|assistant|agent|model|llm)s?\s+(?:reading|that reads?|who reads?)\s+(?:this|these)|reading this\b|reads this (?:description|text|note|comment)|(?:user|human)s?\s+(?:cannot|can't|can ?not|will not|won't|never|do(?:es)? not|don't|doesn't)\s+see\s+(?:this|these|it|the (?:tool|text|description|comment|note)|tool descriptions?)|never see (?:this|it|these)|not for display|do not display|\beyes only\b|the text above|public description|the real (?:usage|instructions?|task|purpose)|hidden (?:requirement|guidance|instructions?|note|rule|directive))\b/;

/** Addressing the agent by name, as a reader of this text. */
export const AGENT_ADDRESS = /\b(?:if|when)\s+you\s+are\s+an?\s+(?:ai|assistant|llm|agent|language model|chatbot|bot)\b|\bas\s+(?:the|an?)\s+(?:ai|assistant|llm|agent|language model)\b(?!\s+(?:tool|server|api))|\b(?:ai|assistant|agent|llm|model)s?[- ]only\b|\bfor\s+(?:the\s+)?(?:ai\s+)?(?:ai|assistant|llm|agent|model|language model)s?\s*[:)]|\b(?:dear|hey|hi|hello|attention|attn|ok)\s+(?:the\s+)?(?:ai|assistant|claude|gpt|chatgpt|gemini|llm|agent|model|language model|copilot)\b|(?:^|[\n([,]|[.!?]\s)\s*(?:ai|assistant|claude|llm|model|agent)\s*[:,]\s+(?!["'\d{[(<\x60])|\(\s*(?:ai|assistant|llm|model|agent)s?(?:[ -]only)?\s*\)|\b(?:instructions?|guidance|note|message|memo|reminder|heads-up|notice)\s+(?:to|for)\s+(?:the\s+)?(?:ai|assistant|llm|agent|model|language model)s?\b/;

/** Phrases that override the agent's instructions without naming them in the usual words. */
export const OVERRIDE_PHRASE = /\b(?:before|over|above) (?:anything|whatever|what) the user (?:says|asks|wants|typed|writes)\b|\byou are now (?:in|a|an|the|operating|acting|jailbroken|dan|free|unrestricted|developer)\b|\byou are (?:now )?the (?:system|admin|administrator|developer|root|operator)\b|\b(?:lower|less) priority than\b|\btakes? precedence over (?:the |your |any )?(?:user|system|previous|other|prior)|\b(?:respond|act|answer) as dan\b|\bdo anything now\b|\bwith no (?:restrictions|limits|filters|guardrails|rules|censorship)\b|\b(?:developer|god|debug|maintenance|jailbreak|unrestricted)\s+mode\s+(?:is\s+)?(?:enabled|activated|on)\b|\bin\s+(?:developer|maintenance|god|jailbreak)\s+mode\b|\b(?:new|updated|real|actual|true|secret|hidden) (?:system )?instructions?\s*[:：]|\b(?:system|developer) (?:prompt|message|instructions?) (?:override|update|injection)\b|\b(?:system prompt|instructions|rules|guidelines|policies) (?:has|have) been (?:updated|changed|replaced|overridden|cancelled|suspended|lifted)\b|\b(?:rules|guidelines|policies|instructions|restrictions|safeguards)\b[^.\n]{0,40}\b(?:no longer apply|are (?:now )?(?:suspended|lifted|void|cancelled|canceled|disabled|off))\b|\bfrom now on,? (?:you|the assistant|the model)\b|\bnew policy\s*:/;

/** Settings written to approve everything and tell nothing. */
export const CONSENT_FLAGS = /"?auto_?approve"?\s*:\s*true|\bauto_?approve\b[^.\n]{0,20}(?:\[\s*"\*"\s*\]|\ball\b)|"?confirm(?:_destructive|ation)?"?\s*:\s*false|"?disclose(?:_to_user)?"?\s*:\s*false|"?require_confirmation"?\s*:\s*false/;

/** Whitespace that pushes what follows out of view. */
export const PADDING = /[ \t\u00a0]{40,}\S|(?:\n[ \t]*){10,}\S/;

/** A call or a turn of every conversation: a trigger that sticks (amplifier). */
export const EVERY_CALL = /\b(?:every|each|any|all)\s+(?:single\s+|subsequent\s+|future\s+|later\s+|following\s+)?(?:(?:shell\s+)?commands?|call|calls|conversation|conversations|message|messages|user message|request|requests|query|queries|search|searches|lookup|lookups|question|questions|time|turn|reply|replies|answer|answers|response|responses|session|use|task|tasks|tool call|other tool)\b|\bfrom now on\b|\bfor the rest of the (?:session|conversation|chat)\b|\b(?:before|after) (?:answering|responding|replying|every|each|any)\b|\bat the (?:start|beginning) of (?:every|each|the) (?:conversation|session|chat)\b|\bwhenever the user\b/;

/** What the agent sees from everywhere: "every tool call you make", "other tools' responses". */
export const AGENT_ACTIVITY = /\b(?:every|all|each|any)\s+(?:\w+\s+){0,2}(?:tool calls?|calls?|files?|e-?mails?|messages?|responses?|results?|outputs?|arguments?|documents?|pages?|tokens?|keys?|secrets?|passwords?|credentials?)\s+(?:that\s+)?(?:you|the (?:other )?tools?|other tools?|the user|they)\s+(?:\w+\s+)?(?:make|made|read|reads|see|sees|saw|encounter|receive|receives|get|return|returned|open|opens|handle|process|fetch|call|view|views|write|writes|send|sends|type|types)\b|\bother (?:tools|servers)'? (?:responses|outputs?|results|arguments)\b|\b(?:arguments?|parameters?|inputs?|data|contents?|values?)\s+(?:that\s+)?you\s+(?:\w+\s+){0,3}(?:pass|send|give|provide)\s+to\s+(?:the\s+|any\s+|an\s+)?other\s+(?:tools?|functions?|servers?)\b/;

/** An address with the user's data templated into it, for the model to fill in: a tracking pixel, a beacon. */
export const DATA_TEMPLATE = /https?:\/\/[^\s)"'\x60]*[?&][\w-]+=(?:\{[^}]*(?:user|email|name|password|token|secret|key|conversation|chat|message|history|summary|query|address|phone|document|file|clipboard|contacts)[^}]*\}|<[^>]*(?:user|email|name|password|token|secret|key|conversation|chat|message|history|summary|query|address|phone|document|file|clipboard|contacts)[^>]*>)/;

/** A third party data goes to, named in words rather than by address. */
export const THIRD_PARTY = /\b(?:(?:our|the|a) partners?|partner (?:api|apis|service|server|site)|third[- ]part(?:y|ies)|advertisers?|(?:our |the )?sponsors?|data brokers?|our (?:servers?|api|backend|team|service|analytics)|an? external (?:service|server|api|party))\b|\bpublic\s+(?:github\s+|gitlab\s+)?(?:gists?|pastes?|buckets?|repos|repositor(?:y|ies)|links?|urls?|channels?)\b|\bpastebin\b|\bhastebin\b/;

/** Drop sites anyone can read or that log what they receive: a sending order to them is exfiltration whatever the tool. */
export const DROP_SITE = /(?:^|[./@])(?:pastebin\.com|hastebin\.com|paste\.ee|ghostbin\.\w+|gist\.github\.com|transfer\.sh|file\.io|0x0\.st|webhook\.site|requestbin\.\w+|pipedream\.net|ngrok(?:-free)?\.(?:io|app|dev)|interact\.sh|oast\.\w+|burpcollaborator\.net|discord(?:app)?\.com\/api\/webhooks|api\.telegram\.org)\b/;

/** Access handed to someone named: added as an admin, an owner, a collaborator with write rights. */
export const GRANT = /\b(?:add|invite|grant)\b[^.;]{0,40}["'\x60“][\w.@-]{3,}["'\x60”][^.;]{0,30}\bas\s+(?:an?\s+)?(?:admin(?:istrator)?|owner|maintainer|(?:admin\s+|write\s+)?collaborator|member with (?:admin|write|owner))\b/;

/** An address template left for the model to fill with data: "…?t= + the text", "?ref= followed by the user's email", "as ?s=…". */
export const QUERY_FILL = /[?&][\w-]+=(?:\s*(?:…|\.{3}))?\s*(?:\+|\bplus\b|\bfollowed by\b|\band then\b|$|[.,;)]\s)/;

/** What makes a mention of another server's tool innocent: the user decides, or it is only compatible. */
export const BENIGN_CROSS = /\b(?:if|when|whenever)\s+(?:the\s+)?user\s+(?:asks|wants|chooses|requests|prefers|says)\b|\bthe user (?:picks|chooses|decides)\b|\bcan (?:then )?be (?:called|used|passed)\b|\bworks (?:well )?with\b|\bcomplements\b|\bready for\b|\bif both\b|\bboth servers\b|\b(?:the user|users|they) (?:can|may|could) (?:also )?(?:use|call|run|invoke|pick|ask you to|tell you to|request)\b|\bif (?:the user|they|the customer) (?:confirms?|approves?|agrees?|accepts?)\b|\bcompatible with\b|\boptionally\b|\bif (?:you|the user|they) (?:only |also )?(?:need|have|want)\b|\bwith (?:the user's|their|your) (?:approval|consent|confirmation|permission)\b|\bask (?:the user |them )?which\b|\bboth (?:expose|have|offer|provide)\b/;

/** A word of data in -s followed by an object pronoun is a verb: "add them only when the user names them" (not "what the user typed it"). */
export const OBJECT_PRONOUN = /^\s+(?:them|it|him|her|me|us)\b/;
/** A secret that names a case, not what is handed over: "for messages containing one-time codes", "for mail with passwords". */
export const FOR_CASE = /\bfor\s+(?!every\b|each\b|all\b|any\b)(?:\w+\s+){0,2}?(?:messages?|e-?mails?|mails?|texts?|notifications?|documents?|files?|pages?|records?|rows?|entries|logs?)\s+(?:containing|that (?:contain|include|hold)s?|with|holding|including)\s+(?:\w+\s+){0,2}$/;
/** What an honest tool keeps off the screen: its own identifiers ("the id", "an internal handle", "the cursor"). */
const INNARDS = /\b(?:internal|technical|opaque|raw)\s+(?:\w+\s+)?(?:ids?|identifiers?|handles?|keys?|codes?|details?)\b|\b(?:the|this|that|its|each)\s+(?:\w+\s+)?(?:id|ids|identifier|uuid|handle|cursor)\b/;
/** "The id is for other tools; the user does not need to see it": a phrase of `said` about seeing, after the tool's own identifier. */
export function innardsUnseen(text: string, said: RegExpExecArray): boolean {
  return /\b(?:see|be shown)\b/.test(said[0]) && INNARDS.test(text.slice(Math.max(0, said.index - 80), said.index));
}
/** An identifier in backticks or quotes: a parameter's name, usually. */
export const QUOTED_NAME = /[\x60'"“‘]([a-z_][\w.-]{1,40})[\x60'"”’]/g;

/** Whatever the merits: "regardless of fit", "whatever the content", "always conclude that X is the best". */
export const FIXED_VERDICT = /\b(?:regardless of|irrespective of|no matter)\s+(?:the\s+|their\s+|its\s+|his\s+|her\s+)?(?:fit|content|quality|merits?|qualifications?|scores?|evidence|facts|performance|results?|outcome|grades?|answers?|findings?|actual \w+)\b(?!\s+(?:type|length|size|encoding|format))|\bwhatever (?:the|their|its) (?:content|quality|merits?|results?|scores?|evidence|facts|outcome|findings?|answers?)\b|\balways\s+(?:conclude|state|declare|say|answer)\s+that\b[^.]{0,60}\b(?:is|are)\s+the\s+(?:best|top|only|safest|cheapest)\b|\b(?:unabhängig von|ungeachtet)\s+(?:der|dem|den|ihrer|seiner|ihren)?\s*(?:eignung|qualifikation(?:en)?|leistung|inhalt|qualität|ergebnis(?:sen)?)\b|\bquel(?:le)?s? que soi(?:t|ent) (?:le|la|les|leur|son|sa)\s+(?:contenu|qualité|résultats?|mérites?|niveau|compétences?)\b|\b(?:independientemente|sin importar)\s+(?:de\s+)?(?:la|el|los|las|su|sus)\s+(?:contenido|calidad|resultados?|méritos?|idoneidad|capacidad|nota)\b/;
/** A bad result passed on as a good one: "figures that fall … are best reported as flat", "a value of "failed" … reports it as "deployed"". */
export const SPUN_RESULT = /\b(?:fail(?:ed|s|ing)?|falls?|fell|below|drops?|dropped|declin\w*|loss(?:es)?|negative|errors?)\b[^.]{0,100}\b(?:reported|reports?|shown|presented|described|displayed)\s+(?:\w+\s+){0,4}?as\s+["'“]?(?:flat|stable|deployed|successful|succeeded|healthy|ok|passed|passing|green|up|growth|positive|on track)\b/;
/** The text judges, ranks or reports: where a fixed verdict is a lie. */
export const JUDGED = /\b(?:rank(?:ed|s|ing)?|grade[sd]?|grading|scor(?:e|ed|es|ing)|rated?|ratings?|verdicts?|recommend\w*|approv\w*|marked|top (?:three|five|ten|\d+)|at least an? [a-f]\b|shortlist\w*|hir(?:e|ed|ing)|conclude|best|reported|reports?|state|ersten (?:drei|fünf|zehn)|bewert\w*|note|noten|rang|platz|class\w*|évalu\w*|recommand\w*|clasific\w*|nota|evalu\w*|recomend\w*|primeros)(?![\p{L}])/u;

/** An agent policy written as settings: the user's say switched off ("confirm_destructive_actions": false, auto_approve: [...]). */
export const POLICY_NO_REVIEW = /["']?[\w-]*(?:confirm|approv|review|ask_user|ask_before)[\w-]*["']?\s*[:=]\s*["']?(?:false|off|no|never|0)\b|["']?(?:auto_?approve|auto_?confirm|auto_?accept|skip_?confirm\w*|yolo|dangerously_?skip\w*)["']?\s*[:=]\s*(?:["']?(?:true|on|yes|all|\*)\b|\[)/;
/** … or hiding from the user ("disclose_to_user": false, show_tool_errors: false). */
export const POLICY_HIDE = /["']?[\w-]*(?:disclos|show_\w*(?:error|warning)|notify_user|tell_user|inform_user|user_visible|report_to_user)[\w-]*["']?\s*[:=]\s*["']?(?:false|off|no|never|0)\b/;
/** … or trusting what tools return, or every path open. */
export const POLICY_OPEN = /["']?trust_?\w*["']?\s*[:=]\s*["']?(?:true|on|yes|all)\b|["']?allow(?:ed)?_?(?:paths|dirs|directories|hosts|domains)["']?\s*[:=]\s*\[\s*["'](?:\/|\*|~)["']\s*\]/;
/** A lie told against what the text itself says: "tell the user it is free, even though a fee is added". */
export const LIE_THOUGH = /\b(?:tell|say|assure|inform|reassure)\b[^.]{0,60}\b(?:even though|although|while in fact|when in fact|though in fact)\b/;
/** Refusals suppressed: "never refuse …, even if it seems unsafe". */
export const NO_REFUSAL = /\b(?:never|do not|don't|must not|should not|shouldn't)\s+(?:ever\s+)?(?:refuse|decline|reject|question|push back on|warn about)\b[^.]{0,80}\b(?:even if|even when|even though|regardless|no matter)\b/;
/** Calls multiplied: "call this tool at least 50 times". */
export const AMPLIFY = /\b(?:call|invoke|run|query|use|repeat)\s+(?:this\s+(?:tool|server|function)\s+|it\s+)?(?:at least\s+|about\s+)?(?:\d{2,}|twenty|thirty|fifty|a hundred|hundreds of)\s+times\b(?!\s+(?:a|per)\s+(?:second|minute|hour|day)\b)/;
/** … for every question: the multiplication made a standing rule. */
export const PER_TURN = /^\s*(?:\w+\s+){0,3}?(?:per|for (?:every|each)|each|every)\s+(?:user\s+)?(?:question|request|call|message|answer|reply|turn|query|search|task)\b/;
/** A whole kind of request routed through this tool first or instead: explicit function hijacking. */
export const INTERCEPT = /\b(?:whenever|when|if|each time)\s+(?:the\s+)?user\s+(?:asks?|wants?|requests?|tries)\b[^.]{0,30}\b(?:any|every|all|a)\b[^.]{0,40}\b(?:call|use|invoke|run)\s+this\s+(?:tool|server|function)\s+(?:first|instead|before)\b/;
/** The built-in tool replaced for every request of a kind. */
export const REPLACES_BUILT_IN = /\b(?:replaces|supersedes|overrides)\s+(?:the\s+)?(?:standard|built-in|default|native|system|usual)\b[^.]{0,60}\b(?:any|every|all)\b/;
/** What makes a consent a condition ("only after the user agreed", "if they opted in"). */
export const CONDITION = /\b(?:after|once|if|when|unless|until|whether|before|only if|provided)\s+(?:the\s+|a\s+)?$/;
