// What two requests' words have in common, in English, Spanish and Filipino: accents folded
// (á→a, ñ→n), the words of asking dropped (stopwords, and the words everyone in need writes:
// "help", "tulong", "ayuda"), and what is left compared by character trigrams, so that a typo
// ("tubg" for "tubig", "bubung" for "bubong") still matches most of a word. Pure: no I/O.

/** Words that say nothing about which household or place a request is about, in the three languages. */
const STOPWORDS = new Set(
  [
    // English
    'a an and are as at be been but by for from had has have he her here his i in is it its me my no not of on or our',
    'out so some that the their them there they this to up us was we were what when where which who will with you your',
    'help please need needs needed urgent urgently asap now still pls plz thanks thank',
    // Spanish
    'al como con de del el en es esta estan este esto ha hay la las le lo los mas me mi mis muy nos nosotros o para pero',
    'por que se sin son su sus tenemos tiene un una unos y ya yo',
    'ayuda ayudenos ayudar necesitamos necesita necesito urgente favor porfavor gracias todavia aun ahora',
    // Filipino / Tagalog
    'ang ng sa na ay si ni mga kami kayo sila siya ako ko mo namin natin nila niya po opo ho at pa din rin lang dito',
    'doon iyan ito yan yung ung nang may mayroon wala kasi pero para kung',
    'tulong tulungan kailangan kailangang pakiusap salamat paki agad ngayon pa rin',
  ]
    .join(' ')
    .split(' '),
);

/** Lower case, accents folded (á→a, ñ→n, ü→u), anything but letters and digits a space. */
export function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/** The words that carry meaning: folded, without stopwords or single letters. */
export function contentWords(text: string): string[] {
  return fold(text)
    .split(' ')
    .filter((word) => word.length > 1 && !STOPWORDS.has(word));
}

/** Character trigrams of each word, padded (" tu", "tub", ..., "ig "), as one set. */
export function trigrams(text: string): Set<string> {
  const grams = new Set<string>();
  for (const word of contentWords(text)) {
    const padded = ` ${word} `;
    for (let i = 0; i + 3 <= padded.length; i++) grams.add(padded.slice(i, i + 3));
  }
  return grams;
}

/** How much each trigram is worth: less the more of the texts around (`df` of `texts`) share it. */
export type GramWeight = (gram: string) => number;

/**
 * Weights from the texts compared together (a request and its candidates): a trigram in every
 * one of them ("the need phrase" everyone near writes) is worth little, one only two share (a
 * family name, a detail) much. Order-independent, so the same texts always give the same weights.
 */
export function localWeights(texts: readonly ReadonlySet<string>[]): GramWeight {
  const df = new Map<string, number>();
  for (const grams of texts) for (const gram of grams) df.set(gram, (df.get(gram) ?? 0) + 1);
  const n = texts.length;
  return (gram) => Math.log(1 + n / (df.get(gram) ?? 1));
}

const unweighted: GramWeight = () => 1;

/** Weighted Jaccard similarity of two trigram sets, 0 to 1; 0 when either is empty. */
export function similarity(a: ReadonlySet<string>, b: ReadonlySet<string>, weight: GramWeight = unweighted): number {
  if (a.size === 0 || b.size === 0) return 0;
  let shared = 0;
  let all = 0;
  for (const gram of a) {
    const w = weight(gram);
    all += w;
    if (b.has(gram)) shared += w;
  }
  for (const gram of b) if (!a.has(gram)) all += weight(gram);
  return all === 0 ? 0 : shared / all;
}

/** Number words and figures up to 20 in the three languages: how many people a text says there are. */
const COUNT_WORDS: Record<string, number> = Object.fromEntries(
  [
    ['one uno isa', 1],
    ['two dos dalawa', 2],
    ['three tres tatlo', 3],
    ['four cuatro apat', 4],
    ['five cinco lima', 5],
    ['six seis anim', 6],
    ['seven siete pito', 7],
    ['eight ocho walo', 8],
    ['nine nueve siyam', 9],
    ['ten diez sampu', 10],
    ['eleven labing-isa labingisa', 11],
    ['twelve doce labindalawa', 12],
  ].flatMap(([words, n]) => (words as string).split(' ').map((word) => [word, n as number])),
);

/** The small numbers a text states (1 to 20, as figures or words): a household's size, mostly. */
export function countsIn(text: string): Set<number> {
  const counts = new Set<number>();
  for (const word of fold(text).split(' ')) {
    const n = /^\d{1,2}$/.test(word) ? Number(word) : COUNT_WORDS[word];
    if (n !== undefined && n >= 1 && n <= 20) counts.add(n);
  }
  return counts;
}
