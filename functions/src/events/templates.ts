// The one template table of every notice (events/notices.ts), per language: the SMS, WhatsApp and
// push text, and the in-app notification's first sentence. Short enough for one SMS segment (160
// GSM-7 characters) with the longest reference; test/outbound.test.ts checks each.
import type { Language } from '../channels/model.js';
import type { OutboundEvent } from '../outbound/model.js';

type Template = (ref: string) => string;

const TEMPLATES: Record<OutboundEvent, Record<Language, Template>> = {
  request_task_created: {
    en: (ref) => `Request ${ref}: help is being arranged. Reply STATUS for updates.`,
    es: (ref) => `Solicitud ${ref}: estamos organizando la ayuda. Responda STATUS para novedades.`,
    fil: (ref) => `Kahilingan ${ref}: inaayos na ang tulong. Sumagot ng STATUS para sa balita.`,
  },
  request_on_route: {
    en: (ref) => `Request ${ref}: a responder is on the way.`,
    es: (ref) => `Solicitud ${ref}: un equipo va en camino.`,
    fil: (ref) => `Kahilingan ${ref}: papunta na ang tutulong sa iyo.`,
  },
  request_fulfilled: {
    en: (ref) => `Request ${ref}: marked as fulfilled. Write again if you still need help.`,
    es: (ref) => `Solicitud ${ref}: marcada como atendida. Escriba de nuevo si aun necesita ayuda.`,
    fil: (ref) => `Kahilingan ${ref}: natugunan na. Sumulat muli kung kailangan pa ng tulong.`,
  },
  request_closed: {
    en: (ref) => `Request ${ref}: closed. Write again if you need help.`,
    es: (ref) => `Solicitud ${ref}: cerrada. Escriba de nuevo si necesita ayuda.`,
    fil: (ref) => `Kahilingan ${ref}: sarado na. Sumulat muli kung kailangan ng tulong.`,
  },
  // "Answer" fits both ways of answering: a text back, or the buttons in the app.
  request_confirm: {
    en: (ref) =>
      `Request ${ref}: do you still need help? Answer YES or NO (if you have several requests: YES ${ref} or NO ${ref}).`,
    es: (ref) =>
      `Solicitud ${ref}: aun necesita ayuda? Responda SI o NO (si tiene varias solicitudes: SI ${ref} o NO ${ref}).`,
    fil: (ref) =>
      `Kahilingan ${ref}: kailangan pa ba ng tulong? Sumagot ng OO o HINDI (kung marami: OO ${ref} o HINDI ${ref}).`,
  },
  request_withdrawn: {
    en: (ref) => `Task ${ref}: the person no longer needs help and withdrew the request. The task may be cancelled.`,
    es: (ref) => `Tarea ${ref}: la persona ya no necesita ayuda y retiro su solicitud. La tarea puede cancelarse.`,
    fil: (ref) =>
      `Gawain ${ref}: hindi na kailangan ng tulong at binawi ang kahilingan. Maaaring kanselahin ang gawain.`,
  },
  task_assigned: {
    en: (ref) => `New task ${ref} assigned to you: see My tasks in the app.`,
    es: (ref) => `Nueva tarea ${ref} asignada a usted: vea Mis tareas en la app.`,
    fil: (ref) => `May bagong gawain ${ref} para sa iyo: tingnan ang Aking mga gawain sa app.`,
  },
  task_authorized: {
    en: (ref) => `Task ${ref} is authorized: you may set off.`,
    es: (ref) => `Tarea ${ref} autorizada: puede salir.`,
    fil: (ref) => `Awtorisado na ang gawain ${ref}: maaari ka nang umalis.`,
  },
  task_cancelled: {
    en: (ref) => `Task ${ref} was cancelled or given to someone else.`,
    es: (ref) => `La tarea ${ref} fue cancelada o asignada a otra persona.`,
    fil: (ref) => `Kinansela o ibinigay sa iba ang gawain ${ref}.`,
  },
};

/** The message for `event` in `language`, naming the request (or task) by its short reference. */
export function render(event: OutboundEvent, language: Language, reference: string): string {
  return TEMPLATES[event][language](reference);
}
