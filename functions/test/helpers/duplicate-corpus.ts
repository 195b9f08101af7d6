// A labelled synthetic corpus of help requests for the duplicate scorer (src/duplicates/score.ts):
// incidents in one flooded city, each reported once or several times (a true duplicate cluster),
// in English, Spanish and Filipino, by the household itself, the same person again on another
// channel (same phone), a relative or neighbour who names the household's number (household
// phone), or a neighbour on their own. Realistic on purpose, not separable by one feature: GPS
// jitter up to 300 m per report, typos, reworded and shortened texts, some reports in another
// language than the first, some without a point (SMS waiting for one), hotspots where many
// households ask for the same thing near the same landmarks, phones shared by unrelated people
// (a barangay hall, an evacuation centre) and neighbours with another need next door (hard
// negatives). Deterministic: a seeded PRNG (bench/seeding.ts), the same corpus on every run.
import type { DuplicateInput } from '../../src/duplicates/score.js';
import type { Need } from '../../src/shared/vocabulary.js';
import { prng } from '../../bench/seeding.js';

export interface CorpusRequest extends DuplicateInput {
  /** The incident it reports: requests with the same cluster are true duplicates of each other. */
  cluster: string;
  /**
   * When it is planned (and scored): its creation, or for an SMS that arrived without a usable
   * point, when a dispatcher placed it (`location` is null until then, `point` after).
   */
  planned_at: string;
  point: { lat: number; lng: number };
  channel: 'app' | 'sms' | 'whatsapp';
  language: Language;
}

export interface Corpus {
  requests: CorpusRequest[];
  /** Clusters of two or more requests. */
  duplicateClusters: number;
}

export interface CorpusOptions {
  seed?: number;
  /** Incidents reported more than once. */
  clusters?: number;
  /** Incidents reported once. */
  singletons?: number;
}

type Language = 'en' | 'es' | 'fil';

const CITY = { lat: 14.6, lng: 121.0 };
const DISASTER_ID = 'corpus-disaster';
const START_MS = Date.parse('2026-08-01T00:00:00.000Z');
/** The incidents happen over this many hours (longer than the scorer's window). */
const SPAN_HOURS = 120;

const FAMILIES = [
  'Santos',
  'Reyes',
  'Cruz',
  'Bautista',
  'Ocampo',
  'Garcia',
  'Mendoza',
  'Torres',
  'Tomas',
  'Andrada',
  'Castillo',
  'Flores',
  'Villanueva',
  'Ramos',
  'Castro',
  'Rivera',
  'Aquino',
  'Navarro',
  'Salazar',
  'Mercado',
  'Dizon',
  'Gonzales',
  'Lopez',
  'Hernandez',
  'Perez',
  'Morales',
  'Pascual',
  'Domingo',
  'Manalo',
  'Soriano',
  'Valdez',
  'Aguilar',
  'Delos Reyes',
  'De Leon',
  'Fernandez',
  'Marquez',
  'Jimenez',
  'Panganiban',
  'Lacson',
  'Tolentino',
  'Ibañez',
  'Nuñez',
  'Muñoz',
  'Peña',
  'Cabrera',
  'Espinosa',
  'Sarmiento',
  'Gutierrez',
  'Robles',
  'Vergara',
];
const STREETS = [
  'Mabini',
  'Rizal',
  'Bonifacio',
  'Luna',
  'Del Pilar',
  'Burgos',
  'Jacinto',
  'Aguinaldo',
  'Quezon',
  'Osmeña',
  'Magsaysay',
  'Roxas',
  'Laurel',
  'Lapu-Lapu',
  'Sampaguita',
  'Ilang-Ilang',
  'Dama de Noche',
  'Acacia',
  'Narra',
  'Molave',
];
const LANDMARKS: Record<Language, string[]> = {
  en: [
    'the chapel',
    'the basketball court',
    'the elementary school',
    'the sari-sari store',
    'the bridge',
    'the market',
    'the health center',
    'the gas station',
  ],
  es: [
    'la capilla',
    'la cancha de baloncesto',
    'la escuela primaria',
    'la tienda',
    'el puente',
    'el mercado',
    'el centro de salud',
    'la gasolinera',
  ],
  fil: [
    'kapilya',
    'basketball court',
    'paaralang elementarya',
    'sari-sari store',
    'tulay',
    'palengke',
    'health center',
    'gasolinahan',
  ],
};
const PEOPLE = ['two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'ten', 'twelve'];

/** Per need and language: what is wrong, in a few ways a person may put it. */
const NEED_PHRASES: Record<Need, Record<Language, string[]>> = {
  rescue: {
    en: [
      'trapped on the roof, water rising fast',
      'stuck on the second floor, the flood is up to the ceiling',
      'cannot get out of the house, water chest high',
    ],
    es: [
      'atrapados en el techo, el agua sube rapido',
      'estamos en el segundo piso, el agua llega al techo',
      'no podemos salir de la casa, el agua al pecho',
    ],
    fil: [
      'nasa bubong kami, tumataas ang tubig',
      'nasa ikalawang palapag, hanggang kisame na ang baha',
      'hindi makalabas ng bahay, hanggang dibdib ang tubig',
    ],
  },
  medical: {
    en: [
      'needs insulin, diabetic and out of medicine',
      'high fever and cannot breathe well',
      'injured leg, bleeding, needs a doctor',
    ],
    es: [
      'necesita insulina, es diabetico y no tiene medicina',
      'fiebre alta y le cuesta respirar',
      'pierna herida, sangra, necesita un medico',
    ],
    fil: [
      'kailangan ng insulin, diabetic at wala nang gamot',
      'mataas ang lagnat at hirap huminga',
      'sugatan ang binti, dumudugo, kailangan ng doktor',
    ],
  },
  food: {
    en: ['no food since yesterday, children hungry', 'out of rice and canned goods', 'need food packs for the family'],
    es: [
      'sin comida desde ayer, los ninos tienen hambre',
      'se nos acabo el arroz y las latas',
      'necesitamos paquetes de comida para la familia',
    ],
    fil: [
      'walang makain mula kahapon, gutom ang mga bata',
      'ubos na ang bigas at de lata',
      'kailangan ng food pack para sa pamilya',
    ],
  },
  water: {
    en: ['no drinking water left', 'need clean water, the well is flooded', 'out of water for the baby'],
    es: ['no nos queda agua potable', 'necesitamos agua limpia, el pozo esta inundado', 'sin agua para el bebe'],
    fil: [
      'wala nang inuming tubig',
      'kailangan ng malinis na tubig, binaha ang poso',
      'wala nang tubig para sa sanggol',
    ],
  },
  shelter: {
    en: [
      'house destroyed, nowhere to sleep',
      'roof blown away, need tarpaulin and a place to stay',
      'our house collapsed',
    ],
    es: [
      'casa destruida, no tenemos donde dormir',
      'se volo el techo, necesitamos lona y un lugar',
      'se derrumbo nuestra casa',
    ],
    fil: [
      'sira ang bahay, walang matulugan',
      'nilipad ang bubong, kailangan ng trapal at matutuluyan',
      'gumuho ang bahay namin',
    ],
  },
  evacuation: {
    en: [
      'need transport to the evacuation center, elderly cannot walk',
      'water still rising, want to evacuate',
      'bedridden grandmother, need to leave',
    ],
    es: [
      'necesitamos transporte al centro de evacuacion, la abuela no camina',
      'el agua sigue subiendo, queremos evacuar',
      'abuela en cama, tenemos que salir',
    ],
    fil: [
      'kailangan ng sasakyan papuntang evacuation center, hindi makalakad si lola',
      'tumataas pa ang tubig, gusto naming lumikas',
      'nakaratay si lola, kailangan umalis',
    ],
  },
  sanitation: {
    en: ['toilets overflowing, need hygiene kits', 'no toilet, sewage in the street', 'need soap and hygiene kits'],
    es: [
      'los banos desbordados, necesitamos kits de higiene',
      'sin bano, aguas negras en la calle',
      'necesitamos jabon y kits de higiene',
    ],
    fil: [
      'umaapaw ang kubeta, kailangan ng hygiene kit',
      'walang palikuran, may dumi sa kalye',
      'kailangan ng sabon at hygiene kit',
    ],
  },
  other: {
    en: [
      'lost contact with relatives, phone battery dead',
      'need a generator to charge phones',
      'our pets are trapped',
    ],
    es: [
      'perdimos contacto con familiares, sin bateria',
      'necesitamos un generador para cargar telefonos',
      'nuestras mascotas estan atrapadas',
    ],
    fil: [
      'nawalan ng kontak sa kamag-anak, lowbat',
      'kailangan ng generator pang-charge',
      'naipit ang mga alagang hayop',
    ],
  },
};

/** Details that tell one household from its neighbours. */
const DETAILS: Record<Language, string[]> = {
  en: [
    'with a baby of three months',
    'grandfather in a wheelchair',
    'a pregnant woman',
    'two small children',
    'blue gate',
    'green house with a red roof',
    'behind the bakery',
    'corner house',
    'near the big mango tree',
    'a dog with us',
    'one person with asthma',
    'our boat sank',
  ],
  es: [
    'con un bebe de tres meses',
    'abuelo en silla de ruedas',
    'una mujer embarazada',
    'dos ninos pequenos',
    'porton azul',
    'casa verde con techo rojo',
    'detras de la panaderia',
    'casa de la esquina',
    'cerca del mango grande',
    'con un perro',
    'una persona con asma',
    'se hundio nuestro bote',
  ],
  fil: [
    'may sanggol na tatlong buwan',
    'si lolo naka-wheelchair',
    'may buntis',
    'dalawang maliit na bata',
    'asul na gate',
    'berdeng bahay na pula ang bubong',
    'likod ng panaderya',
    'bahay sa kanto',
    'malapit sa malaking puno ng mangga',
    'may aso kami',
    'may hika ang isa',
    'lumubog ang bangka namin',
  ],
};
const ASKING: Record<Language, string[]> = {
  en: ['Please help!', 'Help please.', 'Urgent.', 'Please send help asap.', ''],
  es: ['Ayuda por favor!', 'Por favor ayudenos.', 'Urgente.', ''],
  fil: ['Tulong po!', 'Pakiusap tulungan kami.', 'Saklolo po.', ''],
};
/** "We are {n}", "the {family} family", "my relatives", per language. */
const WE: Record<Language, (n: string) => string> = {
  en: (n) => `we are ${n}`,
  es: (n) => `somos ${n}`,
  fil: (n) => `${n} kami`,
};
const THEY: Record<Language, (family: string, n: string) => string> = {
  en: (family, n) => `the ${family} family, ${n} people,`,
  es: (family, n) => `la familia ${family}, ${n} personas,`,
  fil: (family, n) => `ang pamilya ${family}, ${n} tao,`,
};
const NUMBER_WORDS: Record<Language, string[]> = {
  en: PEOPLE,
  es: ['dos', 'tres', 'cuatro', 'cinco', 'seis', 'siete', 'ocho', 'diez', 'doce'],
  fil: ['dalawa', 'tatlo', 'apat', 'lima', 'anim', 'pito', 'walo', 'sampu', 'labindalawa'],
};
const CALL: Record<Language, (phone: string) => string> = {
  en: (phone) => `their number is ${phone}`,
  es: (phone) => `su numero es ${phone}`,
  fil: (phone) => `ang number nila ay ${phone}`,
};

const NEED_WEIGHTS: [Need, number][] = [
  ['rescue', 0.2],
  ['medical', 0.1],
  ['food', 0.2],
  ['water', 0.2],
  ['shelter', 0.1],
  ['evacuation', 0.1],
  ['sanitation', 0.05],
  ['other', 0.05],
];

interface Incident {
  key: string;
  need: Need;
  language: Language;
  point: { lat: number; lng: number };
  hotspot: number | null;
  startMs: number;
  family: string;
  people: number;
  street: string;
  houseNo: number;
  landmark: number;
  details: number[];
  phrase: number;
  householdPhone: string;
  ownerId: string;
}

export function duplicateCorpus(options: CorpusOptions = {}): Corpus {
  const random = prng(options.seed ?? 26);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const chance = (p: number) => random() < p;
  const between = (lo: number, hi: number) => lo + random() * (hi - lo);

  /** `km` (at most) from `at`, uniform over the disk. */
  const around = (at: { lat: number; lng: number }, km: number) => {
    const r = km * Math.sqrt(random());
    const angle = random() * 2 * Math.PI;
    return {
      lat: at.lat + (r * Math.cos(angle)) / 111.2,
      lng: at.lng + (r * Math.sin(angle)) / (111.2 * Math.cos((at.lat * Math.PI) / 180)),
    };
  };
  let phones = 0;
  const newPhone = () => {
    phones += 1;
    return `+639${String(170_000_000 + phones * 7919).padStart(9, '0')}`;
  };
  /** How a person writes a number by hand: local, spaced, or international. */
  const written = (phone: string) => {
    const national = phone.slice(3);
    const style = random();
    if (style < 0.5) return `0${national}`;
    if (style < 0.8) return `0${national.slice(0, 3)} ${national.slice(3, 6)} ${national.slice(6)}`;
    return `+63 ${national.slice(0, 3)} ${national.slice(3, 6)} ${national.slice(6)}`;
  };
  const typo = (word: string) => {
    if (word.length < 4) return word;
    const i = 1 + Math.floor(random() * (word.length - 2));
    const kind = random();
    if (kind < 0.3) return word.slice(0, i) + word.slice(i + 1);
    if (kind < 0.6) return word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2);
    if (kind < 0.8) return word.slice(0, i) + word[i] + word.slice(i);
    return word.slice(0, i) + pick([...'aeiounrst']) + word.slice(i + 1);
  };
  /** Typos (one word in `rate`), sometimes no accents or all in capitals, as typed on a phone. */
  const messy = (text: string, rate: number) => {
    let out = text
      .split(' ')
      .map((word) => (chance(rate) ? typo(word) : word))
      .join(' ');
    if (chance(0.3)) out = out.normalize('NFD').replace(/\p{M}/gu, '');
    if (chance(0.1)) out = out.toUpperCase();
    return out;
  };

  const hotspots = Array.from({ length: 14 }, () => around(CITY, 9));
  const hotspotLandmarks = hotspots.map(() => [0, 1, 2].map(() => Math.floor(random() * 8)));
  const needOf = () => {
    let r = random();
    for (const [need, weight] of NEED_WEIGHTS) {
      if ((r -= weight) < 0) return need;
    }
    return 'other' as Need;
  };
  let owners = 0;
  const newIncident = (key: string, near?: Incident): Incident => {
    const hotspot = near ? near.hotspot : chance(0.7) ? Math.floor(random() * hotspots.length) : null;
    const point = near
      ? around(near.point, between(0.05, 0.4))
      : hotspot === null
        ? around(CITY, 12)
        : around(hotspots[hotspot]!, 1.2);
    const language: Language = near && chance(0.7) ? near.language : pick(['en', 'en', 'es', 'fil', 'fil'] as const);
    owners += 1;
    return {
      key,
      need: needOf(),
      language,
      point,
      hotspot,
      startMs: near ? near.startMs + between(-6, 6) * 3_600_000 : START_MS + random() * SPAN_HOURS * 3_600_000,
      family: pick(FAMILIES),
      people: Math.floor(random() * PEOPLE.length),
      street: pick(STREETS),
      houseNo: 1 + Math.floor(random() * 300),
      landmark: hotspot === null ? Math.floor(random() * 8) : pick(hotspotLandmarks[hotspot]!),
      details: [Math.floor(random() * 12), Math.floor(random() * 12)],
      phrase: Math.floor(random() * 3),
      householdPhone: newPhone(),
      ownerId: `owner-${owners}`,
    };
  };

  type Reporter = 'household' | 'same_person' | 'relative' | 'neighbour' | 'shared_phone';
  const requests: CorpusRequest[] = [];
  let ids = 0;
  const sharedPhones = Array.from({ length: 25 }, () => ({ phone: newPhone(), hotspot: Math.floor(random() * 14) }));

  const report = (incident: Incident, reporter: Reporter, atMs: number, sharedPhone?: string) => {
    // Some relatives abroad write in English about a household that speaks Filipino or Spanish.
    const language: Language = reporter === 'relative' && chance(0.25) ? 'en' : incident.language;
    const n = NUMBER_WORDS[language][incident.people]!;
    const phrases = NEED_PHRASES[incident.need][language];
    const phrase = chance(0.8) ? phrases[incident.phrase]! : pick(phrases);
    const details = incident.details.map((d) => DETAILS[language][d]!).filter(() => chance(0.75));
    const who =
      reporter === 'household' || reporter === 'same_person' ? WE[language](n) : THEY[language](incident.family, n);
    const landmark = LANDMARKS[language][incident.landmark]!;
    const parts = [who, phrase, ...details];
    if (chance(0.5))
      parts.push(
        language === 'es' ? `cerca de ${landmark}` : language === 'fil' ? `malapit sa ${landmark}` : `near ${landmark}`,
      );
    if (chance(0.3)) parts.splice(1 + Math.floor(random() * (parts.length - 1)), 0, `${incident.street} St.`);
    // Shortened: an SMS often says only the need and one detail.
    const kept = chance(0.25) ? parts.filter((_, i) => i < 2 || chance(0.4)) : parts;
    if (reporter === 'relative') kept.push(CALL[language](written(incident.householdPhone)));
    const asking = pick(ASKING[language]);
    const description = messy(`${kept.join(', ')}. ${asking}`.trim(), 0.07);
    const channel: CorpusRequest['channel'] =
      reporter === 'relative' ? pick(['app', 'whatsapp'] as const) : pick(['app', 'sms', 'sms', 'whatsapp'] as const);
    const phone =
      sharedPhone ?? (reporter === 'household' || reporter === 'same_person' ? incident.householdPhone : newPhone());
    const awaiting = channel !== 'app' && chance(0.12);
    const locationText =
      channel === 'app'
        ? null
        : messy(
            `${chance(0.6) ? `${incident.houseNo} ` : ''}${incident.street} St., ${chance(0.5) ? landmark : `Brgy ${(incident.hotspot ?? 20) + 1}`}`,
            0.05,
          );
    ids += 1;
    const point = around(incident.point, 0.3);
    requests.push({
      id: `corpus-${String(ids).padStart(5, '0')}`,
      cluster: incident.key,
      disaster_id: DISASTER_ID,
      owner_id: reporter === 'household' || reporter === 'same_person' ? incident.ownerId : `owner-r${ids}`,
      type_of_need: incident.need,
      description: description.slice(0, 2000),
      location_text: locationText,
      location: awaiting ? null : point,
      point,
      planned_at: new Date(atMs + (awaiting ? between(0.5, 6) * 3_600_000 : 0)).toISOString(),
      phone,
      created_at: new Date(atMs).toISOString(),
      status: 'open',
      channel,
      language,
    });
  };

  const clusterCount = options.clusters ?? 330;
  const singletonCount = options.singletons ?? 1250;
  const incidents: Incident[] = [];
  for (let c = 0; c < clusterCount; c++) {
    const incident = newIncident(`c${c}`);
    incidents.push(incident);
    const size = 2 + Math.floor(random() * random() * 4);
    let at = incident.startMs;
    report(incident, chance(0.8) ? 'household' : 'neighbour', at);
    for (let k = 1; k < size; k++) {
      at += Math.min(30, -Math.log(1 - random()) * 4) * 3_600_000;
      const r = random();
      report(incident, r < 0.2 ? 'same_person' : r < 0.45 ? 'relative' : 'neighbour', at);
    }
  }
  for (let s = 0; s < singletonCount; s++) {
    const key = `s${s}`;
    // Hard negatives: a next-door household (same hotspot, 50 to 400 m away, often the same
    // language and landmark) asking for something, often something else.
    const neighbour = incidents.length > 0 && chance(0.3) ? pick(incidents) : undefined;
    const incident = newIncident(key, neighbour);
    incidents.push(incident);
    const shared = chance(0.06) ? pick(sharedPhones) : undefined;
    report(incident, shared ? 'neighbour' : 'household', incident.startMs, shared?.phone);
  }
  requests.sort((a, b) => a.created_at.localeCompare(b.created_at) || a.id.localeCompare(b.id));
  return { requests, duplicateClusters: clusterCount };
}

/** The precision and recall of top-`k` suggestions over a corpus, and what the run cost. */
export interface Evaluation {
  precision: number;
  recall: number;
  suggested: number;
  correct: number;
  /** True duplicates that could have been found (up to k per request). */
  findable: number;
  /** Candidates the simulated reads returned, per request. */
  candidatesPerRequest: number;
}

/**
 * The requests as planning meets them: in the order they are planned, each with its point, and
 * with the requests created before it as they are then (without a point while still waiting).
 */
export function* asPlanned(
  corpus: readonly CorpusRequest[],
): Generator<{ request: CorpusRequest; earlier: CorpusRequest[] }> {
  const order = [...corpus].sort((a, b) => a.planned_at.localeCompare(b.planned_at) || a.id.localeCompare(b.id));
  for (const request of order) {
    const earlier = corpus
      .filter((other) => other.created_at < request.planned_at && other.id !== request.id)
      .map((other) => (other.planned_at <= request.planned_at ? { ...other, location: other.point } : other));
    yield { request: { ...request, location: request.point }, earlier };
  }
}

/**
 * Each request scored as planning scores it (asPlanned), against the candidates the reads of
 * duplicates/search.ts would return (`candidatesOf`): open requests of the disaster within
 * its need's band (at most SEARCH_KM_MAX) of its point, and those sent from its number or a number its texts name.
 */
export function evaluateTopK(
  corpus: readonly CorpusRequest[],
  rank: (request: CorpusRequest, candidates: CorpusRequest[]) => { id: string }[],
  candidatesOf: (request: CorpusRequest, earlier: readonly CorpusRequest[]) => CorpusRequest[],
  k = 3,
): Evaluation {
  const byId = new Map(corpus.map((r) => [r.id, r]));
  let suggested = 0;
  let correct = 0;
  let findable = 0;
  let candidates = 0;
  for (const { request, earlier } of asPlanned(corpus)) {
    const found = candidatesOf(request, earlier);
    candidates += found.length;
    const top = rank(request, found).slice(0, k);
    suggested += top.length;
    correct += top.filter((s) => byId.get(s.id)?.cluster === request.cluster).length;
    findable += Math.min(k, earlier.filter((e) => e.cluster === request.cluster).length);
  }
  return {
    precision: suggested === 0 ? 1 : correct / suggested,
    recall: findable === 0 ? 1 : correct / findable,
    suggested,
    correct,
    findable,
    candidatesPerRequest: candidates / corpus.length,
  };
}
