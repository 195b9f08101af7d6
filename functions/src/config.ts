// Configuration, read when first needed (never at import time), so tests and tools can set the
// environment before the first call. Secrets come from `defineSecret` in production and from
// functions/.secret.local under the emulator.
import { defineSecret, type SecretParam } from 'firebase-functions/params';
import type { GeminiSettings } from './shared/gemini.js';

/** Gemini API key; when empty the deterministic planner and assistant are used. */
export const geminiApiKey = defineSecret('GEMINI_API_KEY');

/** Twilio's auth token: checks X-Twilio-Signature on the webhooks and authenticates sends. */
export const twilioAuthToken = defineSecret('TWILIO_AUTH_TOKEN');

/** The local stack's Twilio auth token, used under the emulator when none is set. */
export const LOCAL_TWILIO_AUTH_TOKEN = 'local-twilio-auth-token';

/**
 * The key-encryption key of the webhook signing secrets (webhooks/sealing.ts): base64 of 32 bytes
 * (`openssl rand -base64 32`). During a rotation it holds the new key, then the old one, separated
 * by a space: the first seals, each opens.
 */
export const webhookSealingKey = defineSecret('WEBHOOK_SEALING_KEY');

/**
 * The local stack's webhook sealing key (base64 of "local-webhook-sealing-key-000000"), used under
 * the emulator when none is set. Public, so it protects nothing: never deployed.
 */
export const LOCAL_WEBHOOK_SEALING_KEY = 'bG9jYWwtd2ViaG9vay1zZWFsaW5nLWtleS0wMDAwMDA=';

/** Where every function runs (index.ts sets it for all with setGlobalOptions) and its task queues live. */
export const REGION = 'us-central1';

/** Deliveries of an allocation job (index.ts's queue retries; planning/allocation.ts fails the job at the last). */
export const ALLOCATION_MAX_ATTEMPTS = 5;

/**
 * The webhook delivery queue's back-off (index.ts hands it to Cloud Tasks; webhooks/deliver.ts
 * predicts the next attempt from it): 10 s, doubling 8 times to about 43 min, then hourly. Cloud
 * Tasks keeps retrying past a day; the handler itself gives up after `giveUpAfterMs`.
 */
export const WEBHOOK_RETRY = {
  minBackoffSeconds: 10,
  maxBackoffSeconds: 3600,
  maxDoublings: 8,
  maxAttempts: 40,
  maxRetrySeconds: 25 * 3600,
  /** A delivery failing this long is given up; a subscriber whose every attempt failed this long is disabled. */
  giveUpAfterMs: 24 * 3600 * 1000,
} as const;

function list(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
}

/**
 * The Gemini API key when one is configured (the secret in production, functions/.secret.local
 * under the emulator), else ''. Unset in tests: then the params layer is not asked (it warns).
 */
export function configuredGeminiKey(): string {
  if (!process.env.GEMINI_API_KEY) return '';
  try {
    return geminiApiKey.value();
  } catch {
    return process.env.GEMINI_API_KEY ?? '';
  }
}

function positiveInteger(name: string): number | undefined {
  const value = Number(process.env[name]);
  return Number.isInteger(value) && value > 0 ? value : undefined;
}

/**
 * The settings of the service read from the environment, each read when asked for (cheap; never
 * at import time). Below it: the agent's thresholds (agentConfig, AGENT_*) and each use of
 * Gemini (geminiSettingsFor, GEMINI_*).
 */
export const config = {
  corsAllowedOrigins: (): string[] => list(process.env.CORS_ALLOWED_ORIGINS),
  /** REQUEST_DEADLINE_MS: how long a request may wait on its backends before a 503 (default 8 s, at least 1 s). */
  requestDeadlineMs: (): number => {
    const configured = Number(process.env.REQUEST_DEADLINE_MS ?? '8000');
    return Number.isFinite(configured) && configured >= 1000 ? configured : 8000;
  },
  /** Responses checked against their declared schema: always under the emulator, elsewhere with CHECK_RESPONSES=true. */
  checkResponses: (): boolean => process.env.FUNCTIONS_EMULATOR === 'true' || process.env.CHECK_RESPONSES === 'true',
  /** RATE_LIMIT_SCALE multiplies every rate limit (load tests, local demos); default 1. */
  rateLimitScale: (): number => {
    const factor = Number(process.env.RATE_LIMIT_SCALE ?? '1');
    return Number.isFinite(factor) && factor > 0 ? factor : 1;
  },
  /** READ_RATE_LIMIT_PER_USER / READ_RATE_LIMIT_PER_IP override the default read limits (tests). */
  readRateLimitPerUser: (): number | undefined => positiveInteger('READ_RATE_LIMIT_PER_USER'),
  readRateLimitPerIp: (): number | undefined => positiveInteger('READ_RATE_LIMIT_PER_IP'),
  /**
   * TRUSTED_PROXY_HOPS: the proxies between a client and the app, the one that connects to it
   * included (Express's `trust proxy` as a number). The client's address is the X-Forwarded-For
   * entry this many hops from the connection, counted from the right: entries further left are
   * whatever the client wrote. Default 2: Google's front end appends `<client>, <its own address>`
   * and Cloud Run's proxy connects. Behind Firebase Hosting the client is one hop further (see
   * docs/security.md), but a larger number would let direct callers choose their address.
   */
  trustedProxyHops: (): number => positiveInteger('TRUSTED_PROXY_HOPS') ?? 2,
  /**
   * Twilio settings (channels/): the account, the SMS sender number and the WhatsApp sender, and
   * the public base URL of the API as Twilio calls it (signatures are computed over the full URL,
   * which a proxy in front of the function changes), e.g. https://example.org/api.
   */
  twilioAccountSid: (): string => process.env.TWILIO_ACCOUNT_SID ?? 'AC00000000000000000000000000000000',
  twilioFromNumber: (): string => process.env.TWILIO_FROM_NUMBER ?? '+15005550006',
  twilioWhatsAppFrom: (): string => process.env.TWILIO_WHATSAPP_FROM ?? 'whatsapp:+14155238886',
  publicApiBaseUrl: (): string | undefined => process.env.PUBLIC_API_BASE_URL || undefined,
  /**
   * CAP 1.2 alerts (disasters/cap.ts): CAP_SENDER, the `sender` of every message (unique to this
   * service, no spaces or commas; changing it breaks nothing, references keep the old one), and
   * CAP_SENDER_NAME, the `senderName` people read. Links in CAP and Atom documents are absolute
   * under PUBLIC_API_BASE_URL (above), or under a placeholder until it is set.
   */
  capSender: (): string => process.env.CAP_SENDER || 'alerts@disaster-response.example',
  capSenderName: (): string => process.env.CAP_SENDER_NAME || 'Disaster response coordination',
  /**
   * EXPORT_MAX_ROWS: rows one export call streams at most (default 25,000). The api function
   * times out after 60 s; the benchmark streamed 494 rows/s from the local emulator (100,000 rows
   * in 202 s), so 25,000 is what one call is shown to serve (docs/interop.md, "Limit"). Beyond it
   * the call is refused before the first byte (422 export_too_large).
   */
  exportMaxRows: (): number => positiveInteger('EXPORT_MAX_ROWS') ?? 25_000,
  /** TWILIO_API_BASE_URL: where the Twilio SDK sends (the local stand-in under the emulator). */
  twilioApiBaseUrl: (): string | undefined => process.env.TWILIO_API_BASE_URL || undefined,
  /** Webhook receivers on loopback over http: only under the emulator, where the tests run one. */
  webhookLocalReceivers: (): boolean => process.env.FUNCTIONS_EMULATOR === 'true',
  /** FCM_STANDIN_URL / FCM_STANDIN_CA: the local FCM stand-in and its certificate (emulator only; outbound/fcm.ts). */
  fcmStandInUrl: (): string | undefined => process.env.FCM_STANDIN_URL || undefined,
  fcmStandInCa: (): string | undefined => process.env.FCM_STANDIN_CA || undefined,
  /** OUTBOUND_SMS_DAILY_LIMIT: SMS and WhatsApp messages sent per UTC day in all (default 2000). */
  outboundSmsDailyLimit: (): number => positiveInteger('OUTBOUND_SMS_DAILY_LIMIT') ?? 2000,
  /** OUTBOUND_SMS_PER_NUMBER_DAILY_LIMIT: messages one number receives per UTC day (default 20). */
  outboundSmsPerNumberDailyLimit: (): number => positiveInteger('OUTBOUND_SMS_PER_NUMBER_DAILY_LIMIT') ?? 20,
  /**
   * PHONE_CONTACT_RECYCLE_DAYS: a number silent this long is taken as recycled by its carrier and
   * detached from its person (channels/recycle.ts; default 180). Its next message starts a new person.
   */
  phoneContactRecycleDays: (): number => positiveInteger('PHONE_CONTACT_RECYCLE_DAYS') ?? 180,
  /**
   * RECONFIRM_HOURS_RESCUE, RECONFIRM_HOURS_MEDICAL, RECONFIRM_HOURS_OTHER: how long an open request
   * goes unconfirmed before its person is asked whether they still need help, and how long their
   * answer is then awaited before it shows as unconfirmed (requests/confirmation.ts; defaults 2, 4
   * and 24 hours; OTHER is every need but rescue and medical).
   */
  reconfirmHours: (need: string): number =>
    need === 'rescue'
      ? (positiveInteger('RECONFIRM_HOURS_RESCUE') ?? 2)
      : need === 'medical'
        ? (positiveInteger('RECONFIRM_HOURS_MEDICAL') ?? 4)
        : (positiveInteger('RECONFIRM_HOURS_OTHER') ?? 24),
};

/** A secret's value in production ('' when unset); under the emulator its variable, else the local default. */
function secretOrLocalDefault(secret: SecretParam, localDefault: string): string {
  if (process.env.FUNCTIONS_EMULATOR === 'true') return process.env[secret.name] || localDefault;
  try {
    return secret.value();
  } catch {
    return process.env[secret.name] ?? '';
  }
}

/** The Twilio auth token: the secret in production; under the emulator the local default unless set. */
export const configuredTwilioAuthToken = (): string => secretOrLocalDefault(twilioAuthToken, LOCAL_TWILIO_AUTH_TOKEN);

/** WEBHOOK_SEALING_KEY: the secret in production ('' when missing: sealing then refuses); locally the default unless set. */
export const configuredWebhookSealingKey = (): string =>
  secretOrLocalDefault(webhookSealingKey, LOCAL_WEBHOOK_SEALING_KEY);

/** The agent's thresholds (agent/), read from the environment when first needed. */
export interface AgentConfig {
  /** Observations needed for a cluster (AGENT_MIN_OBSERVATIONS, default 3). */
  minObservations: number;
  /** Every two observations of a cluster lie at most this far apart (AGENT_CLUSTER_RADIUS_KM, default 10). */
  clusterRadiusKm: number;
  /** A cluster's observations span at most this many hours (AGENT_WINDOW_HOURS, default 24). */
  windowHours: number;
  /** Observations this close to a confirmed disaster's centre are not clustered (AGENT_EXCLUSION_KM, default 50). */
  exclusionKm: number;
  /** At most this many observations are kept as a suggestion's evidence (AGENT_MAX_EVIDENCE, default 100). */
  maxEvidence: number;
  /** Distinct reporters (reporter_id) a cluster needs (AGENT_MIN_REPORTERS, default 2). */
  minReporters: number;
  /** At most this many candidate observations are read per event (AGENT_MAX_CANDIDATES, default 500). */
  maxCandidates: number;
  /** Gemini re-summarises a suggestion once it has grown by this many observations (AGENT_RESUMMARY_STEP, default 5). */
  resummaryStep: number;
  /** Shared Gemini budget of the agent: summaries a minute (AGENT_GEMINI_PER_MINUTE, default 10)... */
  geminiPerMinute: number;
  /** ...and an hour (AGENT_GEMINI_PER_HOUR, default 120), across all instances. */
  geminiPerHour: number;
}

/** A positive number from the environment, the fallback when unset; a wrong value throws (a typo must not pass unnoticed). */
function positive(name: string, fallback: number, integer = false): number {
  const raw = process.env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0 || (integer && !Number.isInteger(value))) {
    throw new Error(`${name} must be a positive ${integer ? 'integer' : 'number'}, got ${JSON.stringify(raw)}`);
  }
  return value;
}

export function agentConfig(): AgentConfig {
  return {
    minObservations: positive('AGENT_MIN_OBSERVATIONS', 3, true),
    clusterRadiusKm: positive('AGENT_CLUSTER_RADIUS_KM', 10),
    // At most 14 days: the candidate query names the window's days in one `in` filter (30 values at most).
    windowHours: Math.min(14 * 24, positive('AGENT_WINDOW_HOURS', 24)),
    exclusionKm: positive('AGENT_EXCLUSION_KM', 50),
    maxEvidence: Math.min(400, positive('AGENT_MAX_EVIDENCE', 100, true)),
    minReporters: positive('AGENT_MIN_REPORTERS', 2, true),
    maxCandidates: Math.min(2000, positive('AGENT_MAX_CANDIDATES', 500, true)),
    resummaryStep: positive('AGENT_RESUMMARY_STEP', 5, true),
    geminiPerMinute: positive('AGENT_GEMINI_PER_MINUTE', GEMINI_USES.agent.budget[0].limit, true),
    geminiPerHour: positive('AGENT_GEMINI_PER_HOUR', GEMINI_USES.agent.budget[1].limit, true),
  };
}

export const DEFAULT_GEMINI_MODEL = 'gemini-2.5-flash';

/**
 * Each use of Gemini: the variable that overrides its per-attempt time-out, how it retries, and its
 * share of Gemini (`budget`: rate-limit rules counted across all instances, spent before each call
 * by data/gemini-budget.ts `withGeminiFallback`; a spent budget falls back to the deterministic answer).
 */
export const GEMINI_USES = {
  /** Planning a request (planning/gemini.ts), in the background: patient. */
  planner: {
    timeoutVar: 'GEMINI_TIMEOUT_MS',
    timeoutMs: 20_000,
    maxAttempts: 3,
    initialBackoffMs: 1000,
    budget: [{ bucket: 'gemini:planner', limit: 30, windowSeconds: 60 }],
  },
  /** The assistant (chatbot/gemini.ts): the caller is waiting, so short attempts and one retry, well inside 60 s. */
  chatbot: {
    timeoutVar: 'CHATBOT_GEMINI_TIMEOUT_MS',
    timeoutMs: 8000,
    maxAttempts: 2,
    initialBackoffMs: 500,
    maxOutputTokens: 800,
    budget: [{ bucket: 'gemini:chatbot', limit: 60, windowSeconds: 60 }],
  },
  /**
   * A second opinion on a request's uncertain likely duplicates (duplicates/second-opinion.ts),
   * asked beside the planner in the same run: at most ~17 s (two attempts of 8 s), well inside the
   * planner's worst case and the planning lease.
   */
  duplicates: {
    timeoutVar: 'DUPLICATES_GEMINI_TIMEOUT_MS',
    timeoutMs: 8000,
    maxAttempts: 2,
    initialBackoffMs: 500,
    // Three short verdicts; room left for the model's thinking, which counts against it.
    maxOutputTokens: 1000,
    budget: [{ bucket: 'gemini:duplicates', limit: 30, windowSeconds: 60 }],
  },
  /** Summaries of suggested disasters (agent/summary.ts). */
  agent: {
    timeoutVar: 'AGENT_GEMINI_TIMEOUT_MS',
    timeoutMs: 15_000,
    maxAttempts: 3,
    initialBackoffMs: 1000,
    maxOutputTokens: 400,
    /** Limits overridden by AGENT_GEMINI_PER_MINUTE and AGENT_GEMINI_PER_HOUR (agentConfig). */
    budget: [
      { bucket: 'gemini:agent:minute', limit: 10, windowSeconds: 60 },
      { bucket: 'gemini:agent:hour', limit: 120, windowSeconds: 3600 },
    ],
  },
} as const;
export type GeminiUse = keyof typeof GEMINI_USES;

/** The budget of a use, each rule's limit replaced by the one at its index in `limits` when given. */
export function geminiBudget(use: GeminiUse, limits: readonly number[] = []) {
  return GEMINI_USES[use].budget.map((rule, k) => ({ ...rule, limit: limits[k] ?? rule.limit }));
}

/**
 * The settings of one use of Gemini with this key: GEMINI_BASE_URL (a stand-in in tests),
 * GEMINI_MODEL, and the use's time-out variable, from `env` (tests pass their own).
 */
export function geminiSettingsFor(
  use: GeminiUse,
  apiKey: string,
  env: NodeJS.ProcessEnv = process.env,
): GeminiSettings {
  const tuning: { timeoutVar: string; timeoutMs: number; maxOutputTokens?: number } = GEMINI_USES[use];
  const timeoutMs = Number(env[tuning.timeoutVar]);
  return {
    apiKey,
    baseUrl: env.GEMINI_BASE_URL || undefined,
    model: env.GEMINI_MODEL || DEFAULT_GEMINI_MODEL,
    timeoutMs: Number.isFinite(timeoutMs) && timeoutMs > 0 ? timeoutMs : tuning.timeoutMs,
    maxAttempts: GEMINI_USES[use].maxAttempts,
    initialBackoffMs: GEMINI_USES[use].initialBackoffMs,
    maxOutputTokens: tuning.maxOutputTokens,
  };
}

/** The settings of one use of Gemini, or null when no key is configured (the deterministic path). */
export function configuredGemini(use: GeminiUse): GeminiSettings | null {
  const key = configuredGeminiKey();
  return key ? geminiSettingsFor(use, key) : null;
}
