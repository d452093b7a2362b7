// English words by concept (lexicon/concepts.ts). A `|` group lists one verb's forms, the base
// form first: only a base form at the start of a clause, or after a modal, reads as an order
// ("Send the file…" is one, "Sends the file…" is not). `a+b` is a phrase of two words, `abc*`
// a stem. Lower case.
import type { ConceptName } from './concepts.js';

export const ENGLISH: Partial<Record<ConceptName, string>> = {
  NEG: `not no never don't dont doesn't didn't mustn't shouldn't cannot can't won't nothing nobody neither nor avoid|avoids|avoiding refrain|refrains
    none nowhere`,
  WITHOUT: 'without w/o',
  COMM: `tell|tells|telling|told mention|mentions|mentioning|mentioned inform|informs|informing|informed notify|notifies|notifying|notified
    reveal|reveals|revealing|revealed disclose|discloses|disclosing|disclosed show|shows|showing|showed|shown display|displays|displaying|displayed
    say|says|saying|said explain|explains|explaining|explained report|reports|reporting|reported alert|alerts|alerting|alerted
    warn|warns|warning|warned quote|quotes|quoting|quoted admit|admits|admitting|admitted expose|exposes|exposing|exposed
    bring+up bring+it bring+this surface|surfaces|surfacing acknowledge|acknowledges|acknowledging confess|confesses
    discuss|discusses|discussing bother|bothers|bothering present|presents|presenting|presented rewrite|rewrites|rewriting|rewrote rephrase|rephrases portray|portrays depict|depicts
    let+know reassure|reassures|reassuring assure|assures|assuring flag|flags|flagging|flagged list|lists|listing|listed print+it describe|describes|describing|described speak|speaks|speaking talk|talks|talking`,
  USER: `user users user's users' human humans human's them they end-user end-users enduser customer's person operator's`,
  STEALTH: `silently quietly secretly covertly discreetly invisibly stealthily surreptitiously unnoticed unobtrusively unseen in+secret silent quiet mum`,
  CONFIRM: `confirm|confirms|confirming|confirmed confirmation confirmations approval approvals permission permissions review reviewing approve
    verification consent sign-off`,
  ASK: 'ask|asks|asking|asked prompting check+with',
  OVERRIDE: `ignore|ignores|ignoring|ignored disregard|disregards|disregarding|disregarded forget|forgets|forgetting|forgot|forgotten
    override|overrides|overriding|overridden bypass|bypasses|bypassing|bypassed overrule|overrules|overruled supersede|supersedes|superseded
    skip|skips|skipping|skipped`,
  PRIOR: `previous previously prior earlier above preceding original originally former existing old older initial all any your my
    other system safety default given built-in content those these developer ethical moral usual normal standard`,
  INSTR: `instruction instructions rule rules guideline guidelines guidance directive directives direction directions policy policies
    prompt prompts constraint constraints restriction restrictions guardrail guardrails safeguard safeguards programming principles`,
  AGENT: `assistant assistants assistant's ai ai's llm llms agent agents agent's model models model's claude gpt chatgpt gemini copilot chatbot
    language+model language+models a.i`,
  NOTE: `note notes notice message memo reminder attention hey dear hi hello p.s ps nb heads-up fyi psst guidance instruction instructions
    directive directions reminder`,
  SECRET: `password passwords passphrase passphrases passcode passcodes credential credentials token tokens secret secrets cookie cookies
    keychain keyring mnemonic mnemonics seed+phrase recovery+phrase api+key api+keys apikey apikeys private+key private+keys ssh+key ssh+keys
    secret+key secret+keys deploy+key deploy+keys shell+variables session+variables access+key access+keys signing+key master+key key+pair environment+variable environment+variables env+var env+vars
    env+variables session+cookie session+cookies login+data saved+logins otp 2fa cvv cvc ssn pin+code auth+header authorization+header bearer
    payment+card credit+card bank+details card+details card+number pin pins card+numbers access+token access+tokens accesstoken refresh+token refresh+tokens
    oauth+token oauth+tokens bearer+token session+token session+tokens auth+token one-time+code one-time+codes one-time+password verification+code
    2fa+code authenticator+code recovery+code recovery+codes backup+codes document.cookie localstorage seed+phrases saved+passwords
    banking+password banking+login online-banking+password online-banking+login saved+card saved+cards autofill+data`,
  PRIVATE: `the+conversation this+conversation whole+conversation entire+conversation full+conversation current+conversation our+conversation
    conversation+history conversation+so chat+so complete+conversation complete+chat complete+transcript last+message latest+message previous+message transcript transcripts clipboard keystrokes chat+history chat+log chat+logs message+history system+prompt
    browser+history shell+history search+history location+history whole+chat entire+chat full+chat customer+list customer+data
    customer+records contact+list recent+conversation recent+messages latest+messages last+messages previous+messages recent+chat
    surrounding+conversation ongoing+conversation preceding+conversation prior+conversation earlier+conversation previous+conversation past+conversation
    sent+mail sent+messages sent+items message+databases message+database preceding+messages earlier+messages prior+messages past+messages older+messages`,
  PERSONAL: `conversation conversations history messages message chat chats emails email e-mails e-mail inbox documents document files file folder folders directory listing contacts
    calendar schedule location address addresses phone name names notes photos data details query queries question questions request input
    typed said workspace project code repository repositories account accounts profile identity records home+address phone+number
    national+id id+number passport passports social+security downloads desktop ip+address everything anything settings preferences apps applications bookmarks purchases health medical salary
    installed+apps page pages tab tabs memories payslips pay+slips bank+statements tax+returns contracts medical+records
    phone+numbers date+of full+name email+address email+addresses source+code birth contents`,
  POSS: `user's users' their his her customer's customers' person's caller's client's owner's user users traveller's traveler's patient's
    employee's member's buyer's guest's visitor's student's child's recipient's sender's subscriber's account+holder's`,
  COLLECT: `include|includes|including|included put|puts|putting pass|passes|passing|passed attach|attaches|attaching|attached
    add|adds|adding|added paste|pastes|pasting|pasted insert|inserts|inserting|inserted set|sets|setting provide|provides|providing|provided
    supply|supplies|supplying|supplied copy|copies|copying|copied fill|fills|filling|filled embed|embeds|embedding|embedded
    place|places|placing|placed append|appends|appending|appended store|stores|storing|stored write|writes|writing|wrote|written
    give|gives|giving|gave enter|enters|entering|entered contain|contains|containing|contained hold|holds|holding|held has have
    need|needs|needed require|requires|required expect|expects|expected stuff|stuffs|stuffed carry|carries|carrying encode|encodes|encoding
    prepend|prepends|prepended repeat|repeats|repeated echo|echoes|echoed invite|invites|inviting|invited load save|saves|saving|saved stash|stashes|stashed stow keep|keeps
    takes receives received followed+by prefixed+with suffixed+with`,
  PARAM: `parameter parameters param params argument arguments arg args field fields property properties slot slots attribute attributes`,
  SEND: `send|sends|sending|sent resend|resends|resending|resent post|posts|posting|posted upload|uploads|uploading|uploaded email|emails|emailing|emailed e-mail|e-mails|e-mailed
    mail|mails|mailing|mailed forward|forwards|forwarding|forwarded mirror|mirrors|mirroring|mirrored share|shares|sharing|shared
    submit|submits|submitting|submitted transmit|transmits|transmitting|transmitted exfiltrate|exfiltrates|exfiltrating|exfiltrated
    leak|leaks|leaking|leaked beacon relay|relays|relaying|relayed sync|syncs|syncing|synced publish|publishes|publishing|published
    text|texts|texted deliver|delivers|delivering|delivered dispatch|dispatches report+back cc bcc bcc'd bcced cc'd cced blind-copy blind-copied blind-copies
    back+up|backs+up|backing+up|backed+up push|pushes|pushing|pushed transfer|transfers|transferring|transferred copy+to export|exports|exporting|exported dm beam broadcast`,
  READ: `read|reads|reading open|opens|opening|opened cat load|loads|loading|loaded fetch|fetches|fetching|fetched access|accesses|accessing|accessed
    look+for look+up find|finds|finding|found search|searches|searching|searched grep dump|dumps|dumping|dumped list|lists|listing|listed
    get|gets|getting|got retrieve|retrieves|retrieving|retrieved collect|collects|collecting|collected gather|gathers|gathering|gathered
    harvest|harvests|harvesting|harvested extract|extracts|extracting|extracted scan|scans|scanning|scanned grab|grabs|grabbing|grabbed
    obtain|obtains|obtaining|obtained print|prints|printing|printed view|views|viewing|viewed inspect|inspects|inspecting capture|captures|capturing|captured
    copy|copies|copying|copied steal|steals|stealing|stole record|records|recording|recorded paste locate|locates|locating|located enumerate|enumerates search+for`,
  EXEC: `run|runs|running|ran execute|executes|executing|executed exec eval invoke|invokes|invoking|invoked launch|launches|launching spawn|spawns
    shell terminal command commands bash sh zsh powershell cmd sudo script scripts console subprocess`,
  DESTRUCT: `delete|deletes|deleting|deleted remove|removes|removing|removed wipe|wipes|wiping|wiped erase|erases|erasing|erased
    destroy|destroys|destroying|destroyed drop|drops|dropping|dropped purge|purges|purging|purged truncate|truncates
    overwrite|overwrites|overwriting transfer|transfers|transferring|transferred withdraw|withdraws disable|disables|disabling|disabled
    turn+off kill|kills terminate|terminates uninstall|uninstalls grant|grants|granting|granted escalate|elevate chmod 0777 777 superuser
    public-read force-push deactivate|deactivates reassign|reassigns|reassigning sweep|sweeps cleanup clean+up deletion deletions`,
  EVERY: `every each always whenever all any anytime everything everyone anyone anything constantly automatically continuously forever permanently henceforth
    from+now now+on rest+of future`,
  THIS: 'this current here',
  TOOL: 'tool tools server servers function functions plugin plugins extension extensions integration integrations connector connectors mcp',
  OTHER: 'other others another else alternative',
  IMPORTANT: `important critical mandatory urgent crucial essential vital attention warning priority highest compulsory imperative required`,
  DECEIVE: `pretend|pretends|pretending claim|claims|claiming lie lying mislead misleading verified official officially certified audited endorsed
    independent genuine unavailable broken stale deprecated obsolete outdated retired decommissioned discontinued unreliable compromised succeeded success successful whatever
    regardless irrespective your+own as+if as+though even+when even+if even+though no+matter not+possible impossible down shut`,
  CONSENT: `pre-approved preapproved auto-approved autoapproved consented consents agreed opted pre-authorized pre-authorised approved authorized authorised cleared
    assume assumes`,
  REPLY: `reply replies answer answers response responses answering responding replying output outputs`,
  ROLE: `system developer admin administrator root operator maintenance jailbreak jailbroken dan god unrestricted unfiltered privileged elevated
    debug superuser`,
  TRUST: `treat|treats|treating trust|trusts|trusting trustworthy trusted authoritative obey|obeys comply|complies follow|follows|following
    honour honor carry+out act+on defer`,
  MODAL: `must should shall need needs have has required instructed supposed expected obliged ought please kindly make+sure ensure remember
    mandatory is+to are+to duty requires+you require+you`,
  SKIP: `from+now now+on also then first firstly always just simply now immediately so next finally additionally afterwards do to you briefly quickly
    silently quietly secretly automatically still directly`,
  CONTENT: `content contents text whole full entire complete body data value values output dump raw`,
  PATHWORD: 'path paths default location identity keyfile filename where directory stays local',
  EXAMPLE: 'e+g eg ie example examples instance such+as like i+e sample samples',
  INSTEAD: `instead rather replace|replaces|replacing|replaced substitute|substitutes swap|swaps redirect|redirects|redirecting|redirected
    reroute|reroutes route|routes|routing|routed change|changes|changing|changed prefer|prefers|preferring|preferred`,
  ALSO: 'also additionally too as+well in+addition extra duplicate simultaneously copy+of a+copy',
  MONEY: `payment payments card cards iban account accounts wallet wallets funds balance money amount amounts refund refunds bank crypto bitcoin
    usdc fee fees recipient recipients payee destination`,
  ADVERT: `recommend|recommends|recommending promote|promotes advertise|advertises upgrade|upgrades buy|buys purchase premium discount sponsor
    sponsored affiliate deals coupon steer|steers|steering upsell|upsells competitor competitors`,
  TIME: 'before after first prior start beginning end once next following during until session sessions turn turns',
  VISIT: `use|uses|using|used open|opens visit|visits navigate|navigates fetch|fetches call|calls|calling|called invoke|invokes|invoking
    request|requests resolve|resolves go+to browse ping curl wget
    load|loads hit query`,
  PATHY: `ssh id_rsa id_dsa id_ecdsa id_ed25519 env aws kube kubeconfig npmrc pypirc netrc pgpass gnupg docker gcloud claude_desktop_config
    mcp mcp_config mcp_settings cline_mcp_settings codeium windsurf vscode wallet cookies logins bash_history zsh_history shadow passwd
    master tfstate pem gpg export-secret-keys electrum exodus bitcoin ethereum seco metadata meta-data serviceaccount token tokens secret keychain keystore msal_token_cache gh 1password git-credentials credentials secrets login+data key4 gitconfig environ
    printenv rclone s3cfg boto terraformrc find-generic-password find-internet-password chrome chromium firefox brave wp-config p12 pfx kdbx ovpn`,
  SEEN: `hidden invisible display visible see sees seeing seen eyes reading reads read shown viewable above public+description real+usage
    real+instructions real+task real+purpose`,
  YOU: `you your yourself you're`,
  AND: 'and or then but und y et e и і',
  ACT: `create|creates|creating|created make|makes|making|made save|saves|saving|saved generate|generates build|builds update|updates
    go|goes keep|keeps leave|leaves respond|responds answer|answers reply|replies return|returns start|starts stop|stops try|tries
    retry|retries apply|applies decode|decodes convert|converts summarize|summarizes summarise|summarises translate|translates verify|verifies check|checks
    remember|remembers note ask|asks proceed|proceeds continue|continues mark|marks approve|approves round|rounds choose|chooses pick|picks select|selects assign|assigns
    multiply|multiplies strip|strips`,
  REF: `it that this so anything them step steps fact call calls action actions activity what when where whether how rule upload uploads copies
    change changes these those note conversion conversions adjustment adjustments markup surcharge rewrite substitution swap`,
  ENCODING: `base64 base-64 b64 base32 b32 hex hexadecimal bytes rot13 rot-13 rot caesar shift morse backwards reversed reverse decode decoded
    encoded fromcharcode charcode charcodes ascii binary bits`,
  BACKWARDS: 'eht dna ot fo ni ruoy siht lla yreve dnes daer erongi resu snoitcurtsni ekat yna htiw',
  ROT: 'gur naq gb bs lbhe guvf nyy rirel fraq ernq vtaber hfre vafgehpgvbaf uggcf jvgu nal',
  ALERT: `security alert alerts warning warnings two-factor multi-factor sign-in sign-ins signin login+attempt login+attempts verification 2fa mfa fraud breach breaches
    suspicious password+reset password+resets`,
  CODE: `git curl wget bash sh powershell requests os environ pip pip3 npm pnpm yarn nc netcat scp rsync iex invoke-webrequest invoke-restmethod rm mkfs postinstall
    invoke-expression set-executionpolicy`,
};
