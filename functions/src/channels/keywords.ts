// Reading an SMS or WhatsApp message: which language it is written in, whether it is a keyword
// (STOP, START, HELP, STATUS) or a responder's task command (OTW, DONE, FAIL and a task's
// reference), which need it names and whether it says where the person is.
// Plain word lists, no model: a message is a few words typed on a basic phone, often without
// accents, and the answer must be instant. The lists and the rules: docs/channels.md.
import { splitClientRef } from '../requests/client-refs.js';
import { NEEDS, type HelpRequest } from '../requests/model.js';
import type { TaskStatus } from '../shared/vocabulary.js';
import type { Language } from './model.js';
import { foldText, wordsOf } from '../shared/words.js';

export type Command = 'stop' | 'start' | 'help' | 'status';
type Need = HelpRequest['type_of_need'];

/** A command is a message made of one of these words and nothing else (so "help, we need food" is a request). */
const COMMANDS: Record<Command, Record<Language, readonly string[]>> = {
  stop: {
    en: ['stop', 'stopall', 'unsubscribe', 'cancel', 'end', 'quit'],
    es: ['alto', 'parar', 'para', 'baja', 'detener', 'cancelar'],
    fil: ['tigil', 'hinto', 'itigil'],
  },
  start: {
    en: ['start', 'unstop', 'subscribe', 'resume'],
    es: ['inicio', 'iniciar', 'comenzar', 'reanudar', 'alta'],
    fil: ['simula', 'ituloy', 'tuloy'],
  },
  help: { en: ['help', 'info'], es: ['ayuda', 'informacion'], fil: ['tulong', 'impormasyon'] },
  status: { en: ['status'], es: ['estado', 'estatus'], fil: ['kalagayan', 'katayuan'] },
};

/** The statuses a responder sets by SMS: the same moves as PATCH /tasks/{task_id}/status. */
export type TaskMove = Extract<TaskStatus, 'on_route' | 'completed' | 'failed'>;

/** The first word of a task command, per language (without accents): `DONE <ref>`, `LISTO <ref>`, `TAPOS <ref>`. */
const TASK_MOVES: Record<TaskMove, Record<Language, readonly string[]>> = {
  on_route: {
    en: ['otw', 'omw', 'onroute', 'enroute'],
    es: ['voy', 'encamino', 'saliendo'],
    fil: ['papunta', 'parating'],
  },
  completed: {
    en: ['done', 'completed', 'complete', 'finished'],
    es: ['listo', 'hecho', 'terminado', 'completado'],
    fil: ['tapos', 'natapos', 'yari'],
  },
  failed: { en: ['fail', 'failed'], es: ['fallo', 'fallida', 'fallido'], fil: ['bigo', 'nabigo', 'palpak'] },
};

/** A responder's task command: the move, the task's short reference (uppercased), and for FAIL why. */
export interface TaskCommand {
  to: TaskMove;
  reference: string;
  reason: string | null;
  language: Language;
}

/** Longest reason kept from `FAIL <ref> <reason>` (the API's limit for `reason`). */
export const TASK_REASON_CHARS = 500;

/**
 * `OTW <ref>`, `DONE <ref>`, `FAIL <ref> <reason>` (or the Spanish and Filipino words): the
 * keyword, then a 6-character reference, then for FAIL the reason (other words after OTW or DONE
 * are ignored). Anything else is not a task command.
 */
export function readTaskCommand(body: string, fallback: Language): TaskCommand | null {
  const parts = /^\s*([^\s,.:;!-]+)[\s,.:;!-]+([A-Za-z0-9]{6})(?![A-Za-z0-9])[\s,.:;!-]*([\s\S]*)$/.exec(body);
  if (!parts) return null;
  const word = foldText(parts[1]!);
  for (const to of Object.keys(TASK_MOVES) as TaskMove[]) {
    const languages = (Object.keys(TASK_MOVES[to]) as Language[]).filter((language) =>
      TASK_MOVES[to][language].includes(word),
    );
    if (languages.length === 0) continue;
    const reason = parts[3]!.trim().slice(0, TASK_REASON_CHARS);
    return {
      to,
      reference: parts[2]!.toUpperCase(),
      reason: to === 'failed' && reason !== '' ? reason : null,
      language: languages.includes(fallback) ? fallback : languages[0]!,
    };
  }
  return null;
}

/** An answer to "do you still need help?" (requests/confirmation.ts), and the reference it names, if any. */
export interface ConfirmationAnswer {
  still_needed: boolean;
  reference: string | null;
  language: Language;
}

/** The answers, per language, without accents (SÍ is si); "po" may follow, as politeness asks in Filipino. */
const CONFIRMATION_WORDS: Record<'yes' | 'no', Record<Language, readonly string[]>> = {
  yes: { en: ['yes', 'y', 'yeah', 'yep'], es: ['si'], fil: ['oo', 'opo', 'oho'] },
  no: { en: ['no', 'nope'], es: ['no'], fil: ['hindi'] },
};

/**
 * `YES`, `NO`, `YES <ref>`, `SI <ref>`, `HINDI PO <ref>`...: an answer word, perhaps "po", perhaps a
 * 6-character reference, and nothing else ("yes we need water" is a request). Whether it answers
 * anything depends on a question waiting (channels/conversation.ts): otherwise it is read as today.
 */
export function readConfirmation(body: string, fallback: Language): ConfirmationAnswer | null {
  const words = wordsOf(body);
  const [word, ...rest] = words;
  if (word === undefined || words.length > 3) return null;
  const tail = rest[0] === 'po' ? rest.slice(1) : rest;
  if (tail.length > 1 || (tail.length === 1 && !/^[a-z0-9]{6}$/.test(tail[0]!))) return null;
  for (const answer of ['yes', 'no'] as const) {
    const byLanguage = CONFIRMATION_WORDS[answer];
    const languages = (Object.keys(byLanguage) as Language[]).filter((language) => byLanguage[language].includes(word));
    if (languages.length === 0) continue;
    return {
      still_needed: answer === 'yes',
      reference: tail.length === 1 ? tail[0]!.toUpperCase() : null,
      language: languages.includes(fallback) ? fallback : languages[0]!,
    };
  }
  return null;
}

/**
 * A point typed in the text: decimal latitude and longitude with at least 3 decimals (about
 * 100 m), as the console's "Send by SMS" writes it and as phones copy a location ("14.59950,
 * 120.98420"). Fewer decimals are too likely to be something else ("2.5, 3.5 litres").
 */
export function pointInText(body: string): { lat: number; lng: number } | null {
  const found = /(?<![\d.])(-?\d{1,2}\.\d{3,8})\s*,\s*(-?\d{1,3}\.\d{3,8})(?![\d.])/.exec(body);
  if (!found) return null;
  const lat = Number(found[1]);
  const lng = Number(found[2]);
  return Math.abs(lat) <= 90 && Math.abs(lng) <= 180 ? { lat, lng } : null;
}

/** Words naming a need, per language, without accents (the text is compared without them). */
const NEED_WORDS: Record<Exclude<Need, 'other'>, Record<Language, readonly string[]>> = {
  rescue: {
    en: ['rescue', 'trapped', 'stuck', 'drowning', 'stranded', 'roof', 'sos'],
    es: ['rescate', 'rescatar', 'atrapado', 'atrapada', 'atrapados', 'techo', 'ahogando', 'varados'],
    fil: ['saklolo', 'sagip', 'sagipin', 'iligtas', 'nakulong', 'naipit', 'bubong', 'lunod'],
  },
  medical: {
    en: ['medical', 'medicine', 'doctor', 'injured', 'hurt', 'sick', 'bleeding', 'ambulance', 'insulin'],
    es: [
      'medico',
      'medica',
      'medicina',
      'medicinas',
      'herido',
      'herida',
      'heridos',
      'enfermo',
      'enferma',
      'sangre',
      'ambulancia',
    ],
    fil: ['gamot', 'doktor', 'sugatan', 'sakit', 'maysakit', 'dugo', 'ambulansya'],
  },
  evacuation: {
    en: ['evacuate', 'evacuation', 'evacuating'],
    es: ['evacuar', 'evacuacion', 'evacuarnos'],
    fil: ['lumikas', 'ilikas', 'paglikas', 'evacuate'],
  },
  water: {
    en: ['water', 'thirsty', 'drink'],
    es: ['agua', 'sed', 'beber'],
    fil: ['tubig', 'inumin', 'uhaw'],
  },
  food: {
    en: ['food', 'hungry', 'eat', 'rice', 'meals'],
    es: ['comida', 'alimento', 'alimentos', 'hambre', 'comer', 'arroz'],
    fil: ['pagkain', 'gutom', 'bigas', 'kanin', 'makakain'],
  },
  shelter: {
    en: ['shelter', 'homeless', 'tent', 'roofless'],
    es: ['refugio', 'albergue', 'casa', 'carpa'],
    fil: ['tirahan', 'matutuluyan', 'silungan', 'bahay'],
  },
  sanitation: {
    en: ['toilet', 'sanitation', 'hygiene', 'diapers'],
    es: ['bano', 'higiene', 'saneamiento', 'panales'],
    fil: ['banyo', 'palikuran', 'kubeta', 'cr'],
  },
};

/** The most urgent need wins when a message names several. */
const NEED_PRIORITY: readonly Exclude<Need, 'other'>[] = [
  'rescue',
  'medical',
  'evacuation',
  'water',
  'food',
  'shelter',
  'sanitation',
];

/** Common words that tell the languages apart in a help message (besides the need words). */
const LANGUAGE_HINTS: Record<Language, readonly string[]> = {
  en: ['need', 'we', 'please', 'my', 'our', 'the', 'and', 'help', 'near', 'at', 'is', 'are', 'family', 'people'],
  es: [
    'necesito',
    'necesitamos',
    'ayuda',
    'por',
    'favor',
    'estamos',
    'mi',
    'hay',
    'cerca',
    'de',
    'la',
    'el',
    'familia',
    'personas',
    'en',
  ],
  fil: ['kailangan', 'po', 'namin', 'kami', 'ng', 'sa', 'tulong', 'ang', 'malapit', 'pamilya', 'tao', 'dito', 'na'],
};

/** Words that say nothing about where the person is (keywords and fillers of every language). */
const FILLERS = new Set<string>([
  ...Object.values(LANGUAGE_HINTS).flat(),
  ...Object.values(NEED_WORDS).flatMap((byLanguage) => Object.values(byLanguage).flat()),
  ...['i', 'a', 'an', 'us', 'for', 'yo', 'nos', 'para', 'un', 'una', 'y', 'ako', 'at', 'ko', 'mga', 'pls', 'plz'],
]);

/** The language most of the words belong to; `fallback` (the last one the person used) on a tie or none. */
export function detectLanguage(words: readonly string[], fallback: Language): Language {
  const scores: Record<Language, number> = { en: 0, es: 0, fil: 0 };
  for (const language of Object.keys(scores) as Language[]) {
    const known = new Set([
      ...LANGUAGE_HINTS[language],
      ...Object.values(NEED_WORDS).flatMap((byLanguage) => byLanguage[language]),
      ...Object.values(COMMANDS).flatMap((byLanguage) => byLanguage[language]),
    ]);
    scores[language] = words.filter((word) => known.has(word)).length;
  }
  const best = Math.max(...Object.values(scores));
  if (best === 0) return fallback;
  const leaders = (Object.keys(scores) as Language[]).filter((language) => scores[language] === best);
  return leaders.includes(fallback) ? fallback : leaders[0]!;
}

export interface ReadMessage {
  language: Language;
  command: Command | null;
  /** `other` only from the console's "Send by SMS": no word names it. */
  need: Need | null;
  /** The text seems to say where the person is (words left once needs and fillers are removed). */
  mentionsPlace: boolean;
  /** The message reads as a task command; only a person who holds tasks is taken at it (inbound.ts). */
  task: TaskCommand | null;
  /** The message reads as YES or NO; only a person with a question waiting is taken at it (inbound.ts). */
  confirmation: ConfirmationAnswer | null;
}

/** The console's "Send by SMS" starts with the need's name as the API spells it (`OTHER` included). */
function formNeed(words: readonly string[]): Need | null {
  const first = words[0];
  return (NEEDS as readonly string[]).includes(first ?? '') ? (first as Need) : null;
}

/** Words besides needs and fillers from which a text counts as saying where the person is. */
export const PLACE_MIN_WORDS = 2;

export function readMessage(body: string, fallback: Language): ReadMessage {
  const words = wordsOf(body);
  if (words.length === 1) {
    for (const command of Object.keys(COMMANDS) as Command[]) {
      const byLanguage = COMMANDS[command];
      const languages = (Object.keys(byLanguage) as Language[]).filter((language) =>
        byLanguage[language].includes(words[0]!),
      );
      if (languages.length > 0) {
        const language = languages.includes(fallback) ? fallback : languages[0]!;
        return { language, command, need: null, mentionsPlace: false, task: null, confirmation: null };
      }
    }
  }
  // Written by the console's "Send by SMS" (a `#REF`): its need is the first word.
  const fromForm = splitClientRef(body).ref === null ? null : formNeed(words);
  const need =
    fromForm ??
    NEED_PRIORITY.find((candidate) =>
      Object.values(NEED_WORDS[candidate]).some((list) => list.some((word) => words.includes(word))),
    ) ??
    null;
  const placeWords = words.filter((word) => !FILLERS.has(word) && (word.length > 1 || /\d/.test(word)));
  return {
    language: detectLanguage(words, fallback),
    command: null,
    need,
    mentionsPlace: placeWords.length >= PLACE_MIN_WORDS,
    task: readTaskCommand(body, fallback),
    confirmation: readConfirmation(body, fallback),
  };
}
