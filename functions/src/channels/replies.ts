// The replies to SMS and WhatsApp messages, in the person's language, and the TwiML that carries
// them. Each fits one SMS segment (160 GSM-7 characters) with a 6-character reference: plain
// ASCII only, since one accented letter outside GSM-7 switches a message to UCS-2 (70 characters).
import type { HelpRequest } from '../requests/model.js';
import type { TaskStatus } from '../shared/vocabulary.js';
import type { TaskMove } from './keywords.js';
import type { Language } from './model.js';

type Need = HelpRequest['type_of_need'];
type Status = HelpRequest['status'];

/** One SMS segment in GSM-7. */
export const SMS_SEGMENT_CHARS = 160;

const NEED_NAMES: Record<Language, Record<Need, string>> = {
  en: {
    rescue: 'rescue',
    medical: 'medical',
    food: 'food',
    water: 'water',
    shelter: 'shelter',
    evacuation: 'evacuation',
    sanitation: 'sanitation',
    other: 'other',
  },
  es: {
    rescue: 'rescate',
    medical: 'medico',
    food: 'comida',
    water: 'agua',
    shelter: 'refugio',
    evacuation: 'evacuacion',
    sanitation: 'higiene',
    other: 'otro',
  },
  fil: {
    rescue: 'saklolo',
    medical: 'gamot',
    food: 'pagkain',
    water: 'tubig',
    shelter: 'tirahan',
    evacuation: 'paglikas',
    sanitation: 'kalinisan',
    other: 'iba pa',
  },
};

const STATUS_NAMES: Record<Language, Record<Status, string>> = {
  en: { open: 'open', in_progress: 'help on the way', fulfilled: 'done', closed: 'closed' },
  es: { open: 'abierta', in_progress: 'ayuda en camino', fulfilled: 'atendida', closed: 'cerrada' },
  fil: { open: 'bukas', in_progress: 'may tutulong na', fulfilled: 'tapos na', closed: 'sarado' },
};

const TASK_STATUS_NAMES: Record<Language, Record<TaskStatus, string>> = {
  en: { pending: 'waiting', on_route: 'on the way', completed: 'completed', failed: 'failed', cancelled: 'cancelled' },
  es: {
    pending: 'en espera',
    on_route: 'en camino',
    completed: 'completada',
    failed: 'fallida',
    cancelled: 'cancelada',
  },
  fil: {
    pending: 'naghihintay',
    on_route: 'papunta na',
    completed: 'tapos na',
    failed: 'hindi natapos',
    cancelled: 'kinansela',
  },
};

export interface StatusLine {
  reference: string;
  need: Need;
  status: Status;
}

interface Templates {
  created(reference: string, need: Need): string;
  createdWithoutPlace(reference: string): string;
  placeNoted(reference: string): string;
  askNeed(): string;
  help(): string;
  stopped(): string;
  started(): string;
  status(lines: readonly StatusLine[]): string;
  noOpenRequests(): string;
  dailyLimit(references: readonly string[]): string;
  noActiveDisaster(): string;
  queuedForTriage(reference: string): string;
  tooManyMessages(): string;
  /** A responder's task command done. */
  taskMoved(reference: string, to: TaskMove): string;
  /** The same answer whether the task does not exist or is someone else's: it reveals nothing. */
  taskNotFound(reference: string): string;
  /** The sender's own task, which cannot make that move now (its status says why). */
  taskNotMoved(reference: string, status: TaskStatus): string;
  taskNotAuthorized(reference: string): string;
  /** A "Send by SMS" text whose request the app's queued POST created first. */
  alreadyReceived(reference: string): string;
  /** YES to "do you still need help?" (requests/confirmation.ts). */
  confirmed(reference: string): string;
  /** NO: the request is closed, withdrawn. */
  withdrawn(reference: string): string;
  /** YES or NO without a reference (or with none of theirs) while several questions wait: which one. */
  confirmWhich(references: readonly string[]): string;
}

function statusList(language: Language, lines: readonly StatusLine[]): string {
  return lines
    .map((line) => `${line.reference} ${NEED_NAMES[language][line.need]}: ${STATUS_NAMES[language][line.status]}`)
    .join('; ');
}

const TEMPLATES: Record<Language, Templates> = {
  en: {
    created: (ref, need) =>
      `Request ${ref} (${NEED_NAMES.en[need]}) received. A dispatcher will plan help. Reply STATUS for news, STOP to stop texts.`,
    createdWithoutPlace: (ref) =>
      `Request ${ref} received. Where are you? Reply with an address or landmark, or share your location on WhatsApp.`,
    placeNoted: (ref) =>
      `Thanks, location noted for request ${ref}. A dispatcher will plan help. Reply STATUS for news.`,
    askNeed: () => 'What do you need and where are you? E.g. FOOD, WATER, MEDICAL, RESCUE, SHELTER and an address.',
    help: () =>
      'Text what you need (FOOD, WATER, MEDICAL, RESCUE, SHELTER) and where you are. STATUS: your requests. STOP: no texts. Danger: call local emergency.',
    stopped: () => 'You will get no more texts from us. Reply START to resume. You can still text us for help.',
    started: () => 'You will get our texts again. Reply HELP for how to ask for help.',
    status: (lines) => `Your requests: ${statusList('en', lines)}`,
    noOpenRequests: () => 'You have no open requests. Text what you need and where you are.',
    dailyLimit: (refs) =>
      `We already have your requests ${refs.join(', ')} today. A dispatcher will follow up. Reply STATUS for news.`,
    noActiveDisaster: () =>
      'We are not running a response in any area now. If you are in danger, call local emergency services.',
    queuedForTriage: (ref) =>
      `Request ${ref} received. We are very busy: a dispatcher will review it. If you did not say where you are, reply with an address.`,
    tooManyMessages: () =>
      'Too many messages from this number. For an hour we only take new help requests. Danger: call local emergency services.',
    taskMoved: (ref, to) =>
      ({
        on_route: `Task ${ref}: marked on the way. Reply DONE ${ref} when finished, FAIL ${ref} and why if you cannot.`,
        completed: `Task ${ref}: marked completed. Thank you.`,
        failed: `Task ${ref}: marked failed. A dispatcher will follow up.`,
      })[to],
    taskNotFound: (ref) => `No task ${ref} is assigned to this number. Check the reference in your task message.`,
    taskNotMoved: (ref, status) => `Task ${ref} is ${TASK_STATUS_NAMES.en[status]}: it cannot be changed that way.`,
    taskNotAuthorized: (ref) => `Task ${ref} is not authorized yet: wait for the dispatcher before you set off.`,
    alreadyReceived: (ref) =>
      `We already have this request as ${ref}. A dispatcher will plan help. Reply STATUS for news.`,
    confirmed: (ref) => `Thanks. Request ${ref} stays open: help is still coming. Reply STATUS for news.`,
    withdrawn: (ref) => `Thanks. Request ${ref} is closed. Text us again if you need help.`,
    confirmWhich: (refs) => `Which request? Reply YES or NO with its reference: ${refs.join(', ')}.`,
  },
  es: {
    created: (ref, need) =>
      `Solicitud ${ref} (${NEED_NAMES.es[need]}) recibida. Un despachador planificara la ayuda. ESTADO: novedades. ALTO: no mas SMS.`,
    createdWithoutPlace: (ref) =>
      `Solicitud ${ref} recibida. Donde esta? Responda con direccion o referencia, o comparta su ubicacion en WhatsApp.`,
    placeNoted: (ref) => `Gracias, ubicacion anotada para la solicitud ${ref}. Un despachador planificara la ayuda.`,
    askNeed: () => 'Que necesita y donde esta? Ej: COMIDA, AGUA, MEDICO, RESCATE, REFUGIO y una direccion.',
    help: () =>
      'Envie lo que necesita (COMIDA, AGUA, MEDICO, RESCATE, REFUGIO) y donde esta. ESTADO: sus solicitudes. ALTO: no mas SMS. Peligro: llame a emergencias.',
    stopped: () => 'No recibira mas mensajes. Responda INICIO para volver. Puede seguir pidiendo ayuda por SMS.',
    started: () => 'Volvera a recibir nuestros mensajes. Responda AYUDA para saber como pedir ayuda.',
    status: (lines) => `Sus solicitudes: ${statusList('es', lines)}`,
    noOpenRequests: () => 'No tiene solicitudes abiertas. Envie lo que necesita y donde esta.',
    dailyLimit: (refs) =>
      `Ya tenemos sus solicitudes ${refs.join(', ')} de hoy. Un despachador le contactara. ESTADO: novedades.`,
    noActiveDisaster: () =>
      'No hay una respuesta activa en ninguna zona ahora. Si esta en peligro, llame a emergencias.',
    queuedForTriage: (ref) =>
      `Solicitud ${ref} recibida. Estamos muy ocupados: un despachador la revisara. Si no dijo donde esta, responda con una direccion.`,
    tooManyMessages: () =>
      'Demasiados mensajes de este numero. Durante una hora solo tomamos nuevas solicitudes de ayuda. Peligro: llame a emergencias.',
    taskMoved: (ref, to) =>
      ({
        on_route: `Tarea ${ref}: en camino. Responda LISTO ${ref} al terminar, o FALLO ${ref} y el motivo si no puede.`,
        completed: `Tarea ${ref}: completada. Gracias.`,
        failed: `Tarea ${ref}: marcada como fallida. Un despachador le contactara.`,
      })[to],
    taskNotFound: (ref) =>
      `Ninguna tarea ${ref} esta asignada a este numero. Revise la referencia en su mensaje de tarea.`,
    taskNotMoved: (ref, status) => `La tarea ${ref} esta ${TASK_STATUS_NAMES.es[status]}: no se puede cambiar asi.`,
    taskNotAuthorized: (ref) => `La tarea ${ref} aun no esta autorizada: espere al despachador antes de salir.`,
    alreadyReceived: (ref) =>
      `Ya tenemos esta solicitud como ${ref}. Un despachador planificara la ayuda. ESTADO: novedades.`,
    confirmed: (ref) => `Gracias. La solicitud ${ref} sigue abierta: la ayuda sigue en marcha. ESTADO: novedades.`,
    withdrawn: (ref) => `Gracias. La solicitud ${ref} esta cerrada. Escriba de nuevo si necesita ayuda.`,
    confirmWhich: (refs) => `Cual solicitud? Responda SI o NO con su referencia: ${refs.join(', ')}.`,
  },
  fil: {
    created: (ref, need) =>
      `Natanggap ang request ${ref} (${NEED_NAMES.fil[need]}). May dispatcher na magpaplano ng tulong. KALAGAYAN: balita. TIGIL: wala nang text.`,
    createdWithoutPlace: (ref) =>
      `Natanggap ang request ${ref}. Nasaan po kayo? Sumagot ng address o palatandaan, o ibahagi ang lokasyon sa WhatsApp.`,
    placeNoted: (ref) => `Salamat, naitala ang lokasyon ng request ${ref}. May dispatcher na magpaplano ng tulong.`,
    askNeed: () =>
      'Ano po ang kailangan ninyo at nasaan kayo? Hal. PAGKAIN, TUBIG, GAMOT, SAKLOLO, TIRAHAN at address.',
    help: () =>
      'I-text ang kailangan (PAGKAIN, TUBIG, GAMOT, SAKLOLO, TIRAHAN) at nasaan kayo. KALAGAYAN: mga request. TIGIL: wala nang text. Panganib: tumawag sa 911.',
    stopped: () =>
      'Wala na kayong matatanggap na text. Sumagot ng SIMULA para bumalik. Puwede pa rin humingi ng tulong.',
    started: () => 'Makakatanggap na ulit kayo ng text. Sumagot ng TULONG para malaman kung paano humingi ng tulong.',
    status: (lines) => `Mga request ninyo: ${statusList('fil', lines)}`,
    noOpenRequests: () => 'Wala kayong bukas na request. I-text ang kailangan at nasaan kayo.',
    dailyLimit: (refs) =>
      `Mayroon na kaming request ninyo ngayong araw: ${refs.join(', ')}. Babalikan kayo ng dispatcher. KALAGAYAN: balita.`,
    noActiveDisaster: () => 'Walang aktibong pagtugon sa anumang lugar ngayon. Kung nasa panganib, tumawag sa 911.',
    queuedForTriage: (ref) =>
      `Natanggap ang request ${ref}. Marami kaming natatanggap: susuriin ito ng dispatcher. Kung hindi pa nasabi kung nasaan kayo, i-text ang address.`,
    tooManyMessages: () =>
      'Sobrang daming text mula sa numerong ito. Sa loob ng isang oras, bagong request ng tulong lang ang tatanggapin. Panganib: tumawag sa 911.',
    taskMoved: (ref, to) =>
      ({
        on_route: `Gawain ${ref}: papunta ka na. Sumagot ng TAPOS ${ref} kapag tapos, o BIGO ${ref} at ang dahilan kung hindi kaya.`,
        completed: `Gawain ${ref}: tapos na. Salamat.`,
        failed: `Gawain ${ref}: hindi natapos. Kokontakin ka ng dispatcher.`,
      })[to],
    taskNotFound: (ref) =>
      `Walang gawain ${ref} na nakatalaga sa numerong ito. Tingnan ang reference sa mensahe ng gawain.`,
    taskNotMoved: (ref, status) =>
      `Ang gawain ${ref} ay ${TASK_STATUS_NAMES.fil[status]}: hindi ito mababago nang ganito.`,
    taskNotAuthorized: (ref) => `Hindi pa awtorisado ang gawain ${ref}: hintayin ang dispatcher bago umalis.`,
    alreadyReceived: (ref) =>
      `Natanggap na namin ang request na ito bilang ${ref}. May dispatcher na magpaplano ng tulong.`,
    confirmed: (ref) => `Salamat. Bukas pa ang request ${ref}: may tulong pa ring darating. KALAGAYAN: balita.`,
    withdrawn: (ref) => `Salamat. Sarado na ang request ${ref}. Mag-text ulit kung kailangan ng tulong.`,
    confirmWhich: (refs) => `Aling request? Sumagot ng OO o HINDI kasama ang reference: ${refs.join(', ')}.`,
  },
};

export function replies(language: Language): Templates {
  return TEMPLATES[language];
}

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** The TwiML answer to a webhook: one message back, or none (an empty Response sends nothing). */
export function twiml(message: string | null): string {
  const head = '<?xml version="1.0" encoding="UTF-8"?>';
  return message === null
    ? `${head}<Response/>`
    : `${head}<Response><Message>${escapeXml(message)}</Message></Response>`;
}
