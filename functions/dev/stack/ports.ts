// The stack's ports: the defaults of firebase.json, shifted by an offset when another stack holds
// them, and the addresses and environment variables that follow from them.
import { join } from 'node:path';
import { isPortFree } from '../processes.js';
import { PROJECT_ID, readFirebaseJson, REGION, stackDir, type FirebaseJson } from './project.js';

export type FirestoreKind = 'official' | 'embedded';

export interface Ports {
  auth: number;
  functions: number;
  firestore: number;
  tasks: number;
  /** Serves the console (web/dist) and proxies /api/** to the api function. */
  hosting: number;
  hub: number;
  logging: number;
  eventarc: number;
  /** The official Firestore emulator's websocket port (used by its UI). */
  firestoreWebsocket: number;
  /** The Twilio stand-in (dev/channel-standins.ts); the FCM stand-in listens on the next port. */
  channels: number;
  /** Eventarc's side of trigger delivery for the official emulator (dev/trigger-events.ts). */
  triggerEvents: number;
}

export function defaultPorts(config: FirebaseJson = readFirebaseJson()): Ports {
  const port = (name: string, fallback: number) => {
    const entry = config.emulators?.[name];
    return typeof entry === 'object' && typeof entry.port === 'number' ? entry.port : fallback;
  };
  return {
    auth: port('auth', 9099),
    functions: port('functions', 5001),
    firestore: port('firestore', 8080),
    tasks: port('tasks', 9499),
    hosting: port('hosting', 5000),
    hub: port('hub', 4400),
    logging: port('logging', 4500),
    eventarc: port('eventarc', 9299),
    firestoreWebsocket: (() => {
      const entry = config.emulators?.firestore;
      return typeof entry === 'object' && typeof entry.websocketPort === 'number' ? entry.websocketPort : 9150;
    })(),
    channels: 9390,
    triggerEvents: 9392,
  };
}

export function shiftPorts(ports: Ports, offset: number): Ports {
  return Object.fromEntries(Object.entries(ports).map(([name, port]) => [name, port + offset])) as unknown as Ports;
}

export function apiBaseUrl(ports: Ports): string {
  return `http://127.0.0.1:${ports.functions}/${PROJECT_ID}/${REGION}/api`;
}

export function consoleUrl(ports: Ports): string {
  return `http://127.0.0.1:${ports.hosting}`;
}

/** The emulator variables a client, a test or the function runtime needs. */
export function emulatorEnv(ports: Ports): Record<string, string> {
  return {
    FIRESTORE_EMULATOR_HOST: `127.0.0.1:${ports.firestore}`,
    FIREBASE_AUTH_EMULATOR_HOST: `127.0.0.1:${ports.auth}`,
    CLOUD_TASKS_EMULATOR_HOST: `127.0.0.1:${ports.tasks}`,
    FIREBASE_EMULATOR_HUB: `127.0.0.1:${ports.hub}`,
    GCLOUD_PROJECT: PROJECT_ID,
    GOOGLE_CLOUD_PROJECT: PROJECT_ID,
    API_BASE_URL: apiBaseUrl(ports),
    ...channelStandInEnv(ports),
    CONSOLE_URL: consoleUrl(ports),
  };
}

/**
 * Where the function runtime sends SMS/WhatsApp and push, and the URL Twilio's signatures are
 * computed over: the local stand-ins (dev/channel-standins.ts) and the API as the stack prints it.
 * CHANNEL_STANDIN_URL is where tests read what the stand-ins received.
 */
export function channelStandInEnv(ports: Ports): Record<string, string> {
  return {
    TWILIO_API_BASE_URL: `http://127.0.0.1:${ports.channels}`,
    FCM_STANDIN_URL: `https://127.0.0.1:${ports.channels + 1}`,
    FCM_STANDIN_CA: join(stackDir, 'fcm-standin', 'cert.pem'),
    CHANNEL_STANDIN_URL: `http://127.0.0.1:${ports.channels}`,
    PUBLIC_API_BASE_URL: apiBaseUrl(ports),
  };
}

export function usedPorts(ports: Ports, kind: FirestoreKind): number[] {
  const list = [
    ports.auth,
    ports.functions,
    ports.firestore,
    ports.tasks,
    ports.hosting,
    ports.hub,
    ports.logging,
    ports.eventarc,
    ports.channels,
    ports.channels + 1,
  ];
  if (kind === 'official') list.push(ports.firestoreWebsocket, ports.triggerEvents);
  return list;
}

async function busyPorts(ports: number[]): Promise<number[]> {
  const checks = await Promise.all(ports.map(async (port) => ((await isPortFree(port)) ? null : port)));
  return checks.filter((port): port is number => port !== null);
}

export function parseOffset(value: string | undefined): number | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  const offset = Number(value);
  if (!Number.isInteger(offset) || offset < 0 || offset > 20000)
    throw new Error(`STACK_PORT_OFFSET must be an integer from 0 to 20000, not ${value}`);
  return offset;
}

export async function choosePorts(
  base: Ports,
  kind: FirestoreKind,
  requested: number | undefined,
  say: (m: string) => void,
) {
  if (requested !== undefined) {
    const ports = shiftPorts(base, requested);
    const busy = await busyPorts(usedPorts(ports, kind));
    if (busy.length > 0)
      throw new Error(
        `ports ${busy.join(', ')} are in use (port offset ${requested}); stop what holds them or choose another STACK_PORT_OFFSET`,
      );
    return { ports, offset: requested };
  }
  const busyDefaults = await busyPorts(usedPorts(base, kind));
  if (busyDefaults.length === 0) return { ports: base, offset: 0 };
  // Steps of 10 never land on another default port of the suite, so a second stack can run
  // next to a developer's `npm start`.
  for (let offset = 10; offset <= 500; offset += 10) {
    const ports = shiftPorts(base, offset);
    if ((await busyPorts(usedPorts(ports, kind))).length === 0) {
      say(
        `default ports busy (${busyDefaults.join(', ')}), probably another local stack: using port offset ${offset} (set STACK_PORT_OFFSET to choose)`,
      );
      return { ports, offset };
    }
  }
  throw new Error(`default ports ${busyDefaults.join(', ')} are busy and no free port offset was found`);
}
