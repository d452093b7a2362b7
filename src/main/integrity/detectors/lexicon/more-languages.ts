// Words by concept (lexicon/concepts.ts) in languages the first lists leave out: Finnish,
// Hungarian, Swahili, Tagalog, Malay, Bengali, Hindi written in Latin letters, and more Greek and Czech. The concepts an attack
// is made of (not, tell, the user, ignore, previous instructions, send, put, parameter, password,
// contents, read, important, assistant, note), so that an attack in them is read like one in
// English. Every form may read as an order; `abc*` is a stem, `a+b` a phrase. Lower case.
import type { ConceptName } from './concepts.js';

type Lexicon = Partial<Record<ConceptName, string>>;

export const FINNISH_HUNGARIAN: Lexicon = {
  NEG: 'älä älkää ei soha ne nem',
  WITHOUT: 'ilman nélkül',
  COMM: 'kerro kerrot mainitse ilmoita mondd említsd szólj tájékoztasd',
  USER: 'käyttäjä* felhasználó*',
  OVERRIDE: 'ohita unohda sivuuta felejtsd figyelmen+kívül',
  PRIOR: 'aiemmat aikaisemmat kaikki korábbi* összes',
  INSTR: 'ohjeet ohjeita säännöt utasítás*',
  SEND: 'lähetä küldd küldje',
  COLLECT: 'lisää liitä sisällytä laita tedd illeszd',
  PARAM: 'parametri* kenttä* paraméter* mező*',
  SECRET: 'salasana* jelszó* jelszav*',
  CONTENT: 'sisältö* tartalm*',
  READ: 'lue olvasd',
  IMPORTANT: 'tärkeää fontos',
  AGENT: 'avustaja* tekoäly* asszisztens*',
  NOTE: 'huomio huomautus megjegyzés',
  EVERY: 'aina jokainen mindig',
};

export const SWAHILI_TAGALOG_MALAY: Lexicon = {
  NEG: 'usimwambie usiseme usitume huwag hindi jangan',
  WITHOUT: 'bila tanpa',
  COMM: 'mwambie waambie usimwambie sabihin ipaalam banggitin beritahu',
  USER: 'mtumiaji watumiaji gumagamit pengguna',
  OVERRIDE: 'puuza sahau balewalain kalimutan abaikan',
  PRIOR: 'zilizopita zote awali nakaraang lahat sebelum semua',
  INSTR: 'maelekezo maagizo tagubilin instruksyon utos arahan',
  SEND: 'tuma ipadala hantar',
  COLLECT: 'weka ongeza jumuisha ilagay isama idagdag masukkan',
  PARAM: 'kigezo parameter',
  SECRET: 'nenosiri ufunguo susi kata+laluan',
  CONTENT: 'maudhui yaliyomo nilalaman kandungan',
  READ: 'soma basahin baca',
  IMPORTANT: 'muhimu mahalaga penting',
  AGENT: 'msaidizi katulong pembantu',
  NOTE: 'kumbuka angalizo paalala tala nota',
  EVERY: 'kila palagi sentiasa',
};

export const BENGALI_GREEK_CZECH: Lexicon = {
  NEG: 'না নয় μη ne nikdy neříkej mat nahi nahin',
  COMM: 'বলবেন জানাবেন বলুন জানান πες ενημέρωσε říkej informuj zmiňuj batana batao bataiye bataen',
  USER: 'ব্যবহারকারী* uživatel* upyogkarta*',
  POSS: 'upyogkarta+ke upyogkarta+ki upyogkarta+ka',
  OVERRIDE: 'উপেক্ষা ignoruj zapomeň',
  PRIOR: 'পূর্ববর্তী আগের সমস্ত předchozí všechny',
  INSTR: 'নির্দেশ* pokyny instrukce',
  SEND: 'পাঠান pošli odešli bhej bhejo bhejdo bhejiye bhejna',
  COLLECT: 'যোগ রাখুন βάλε πρόσθεσε συμπερίλαβε vlož přidej daalo daal+do jodo',
  PARAM: 'প্যারামিটার παράμετρο πεδίο parametr',
  SECRET: 'পাসওয়ার্ড heslo klíč',
  CONTENT: 'বিষয়বস্তু περιεχόμενο obsah',
  READ: 'পড়ুন διάβασε přečti',
  IMPORTANT: 'গুরুত্বপূর্ণ důležité',
  AGENT: 'সহকারী βοηθός asistent',
  NOTE: 'নোট σημείωση poznámka',
};
