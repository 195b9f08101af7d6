// CAP 1.2 alerts (OASIS Common Alerting Protocol) for confirmed disasters, and the public Atom
// feed of current alerts. Confirming a disaster issues an Alert, an edit an Update and closing a
// Cancel, each written by the transaction that makes the change and kept as sent, so later
// messages reference it exactly. The mapping from a disaster is documented in docs/interop.md.
import { WriteBatch } from 'firebase-admin/firestore';
import { config } from '../config.js';
import { type Writer } from '../data/collections.js';
import { capMessageStore, disasterStore } from './store.js';
import { NotFoundError } from '../errors.js';
import type { CapMessage, CapMsgType, Disaster, DisasterType } from './model.js';

export const CAP_NAMESPACE = 'urn:oasis:names:tc:emergency:cap:1.2';
export const CAP_MEDIA_TYPE = 'application/cap+xml';
export const ATOM_MEDIA_TYPE = 'application/atom+xml';

/** How long a Cancel stays in the feed, so aggregators polling it see the alert withdrawn. */
export const CANCELLED_IN_FEED_MS = 24 * 60 * 60 * 1000;
/** At most this many live alerts in the feed (one per open disaster; more would be a list, not a feed). */
export const FEED_LIVE_LIMIT = 200;
const FEED_CANCELLED_LIMIT = 50;

/** Used in links until PUBLIC_API_BASE_URL is set: CAP's `web` and Atom's ids must be absolute. */
const PLACEHOLDER_BASE_URL = 'https://disaster-response.example/api';
const baseUrl = (): string => (config.publicApiBaseUrl() ?? PLACEHOLDER_BASE_URL).replace(/\/+$/, '');

const CATEGORY: Record<DisasterType, string> = {
  flood: 'Met',
  earthquake: 'Geo',
  cyclone: 'Met',
  wildfire: 'Fire',
  landslide: 'Geo',
  tsunami: 'Geo',
  storm: 'Met',
  drought: 'Env',
  volcanic_eruption: 'Geo',
  industrial_accident: 'CBRNE',
  other: 'Other',
};

/** Severity 1..5 (model.ts) → CAP severity. */
const SEVERITY = ['Minor', 'Minor', 'Moderate', 'Severe', 'Extreme'] as const;

/** The event as people read it: `volcanic_eruption` → `Volcanic eruption`. */
const eventOf = (type: DisasterType): string => type.charAt(0).toUpperCase() + type.slice(1).replace(/_/g, ' ');

/** CAP's time format: no `Z` (UTC is `-00:00`) and no fractional seconds. */
export function capTime(iso: string): string {
  return `${new Date(iso).toISOString().slice(0, 19)}-00:00`;
}

export function escapeXml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

/** A decimal without exponent or float noise (`1e-7` is not a CAP coordinate). */
function decimal(value: number): string {
  const fixed = value.toFixed(6).replace(/\.?0+$/, '');
  return fixed === '-0' ? '0' : fixed;
}

const element = (name: string, value: string): string => `<${name}>${escapeXml(value)}</${name}>`;

/** The `<alert>` document of one message. */
function renderAlert(
  disaster: Disaster,
  message: { identifier: string; sender: string; sent: string; msgType: CapMsgType; references: string },
): string {
  const cancel = message.msgType === 'Cancel';
  const severityIndex = Math.min(Math.max(disaster.severity, 1), 5) - 1;
  const urgency = cancel ? 'Past' : disaster.severity >= 4 ? 'Immediate' : 'Expected';
  const note = cancel ? `Closed${disaster.close_reason ? `: ${disaster.close_reason}` : '.'}` : '';
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<alert xmlns="${CAP_NAMESPACE}">`,
    element('identifier', message.identifier),
    element('sender', message.sender),
    element('sent', message.sent),
    element('status', 'Actual'),
    element('msgType', message.msgType),
    element('scope', 'Public'),
    note === '' ? '' : element('note', note),
    message.references === '' ? '' : element('references', message.references),
    '<info>',
    element('language', 'en-US'),
    element('category', CATEGORY[disaster.type]),
    element('event', eventOf(disaster.type)),
    element('urgency', urgency),
    element('severity', SEVERITY[severityIndex] ?? 'Unknown'),
    element('certainty', 'Observed'),
    element('senderName', config.capSenderName()),
    element('headline', disaster.name),
    disaster.description === '' ? '' : element('description', disaster.description),
    element('web', `${baseUrl()}/disasters/${disaster.id}`),
    '<area>',
    element('areaDesc', disaster.name),
    element(
      'circle',
      `${decimal(disaster.location.lat)},${decimal(disaster.location.lng)} ${decimal(disaster.radius_km)}`,
    ),
    '</area>',
    '</info>',
    '</alert>',
  ];
  return `${lines.filter((line) => line !== '').join('\n')}\n`;
}

export type CapEvent = 'confirmed' | 'edited' | 'closed';

/** The identifier of the message a `sender,identifier,sent` triple names. */
const identifierOf = (reference: string): string => reference.split(',')[1] ?? '';

/**
 * Issues the CAP message that follows `event` on `disaster` (its state after the change) in the
 * caller's transaction or batch, and returns the disaster's new `cap_references` for the caller
 * to store with the change. An edit of a disaster that never had a message (confirmed before this
 * feature) issues an Alert; closing one issues nothing (there is nothing to cancel). The message
 * id is the disaster id and a sequence number, created with create(): two concurrent changes
 * cannot both issue message n.
 */
export function issueCapMessage(writer: Writer, disaster: Disaster, event: CapEvent, now: string): string[] {
  const earlier = disaster.cap_references ?? [];
  if (event === 'closed' && earlier.length === 0) return earlier;
  const msgType: CapMsgType = event === 'closed' ? 'Cancel' : earlier.length === 0 ? 'Alert' : 'Update';
  const identifier = `${disaster.id}_${earlier.length + 1}`;
  const sender = config.capSender();
  const sent = capTime(now);
  const references = msgType === 'Alert' ? '' : earlier.join(' ');
  const message: CapMessage = {
    id: identifier,
    disaster_id: disaster.id,
    msg_type: msgType,
    sent,
    references,
    headline: disaster.name,
    feed: msgType === 'Cancel' ? 'cancelled' : 'live',
    xml: renderAlert(disaster, { identifier, sender, sent, msgType, references }),
    created_at: now,
  };
  const previous = earlier.at(-1);
  if (previous !== undefined) capMessageStore.updateIn(writer, identifierOf(previous), { feed: 'superseded' });
  const ref = capMessageStore.doc(identifier);
  if (writer instanceof WriteBatch) writer.create(ref, message);
  else writer.create(ref, message);
  return [...earlier, `${sender},${identifier},${sent}`];
}

/**
 * The latest CAP message of a confirmed or closed disaster. Suggestions have none (404 for
 * everyone, admins included: they are never published), nor have disasters confirmed before
 * CAP messages were issued and never edited since.
 */
export async function latestCapMessage(disasterId: string): Promise<CapMessage> {
  const disaster = await disasterStore.get(disasterId);
  const latest = disaster?.status === 'suggested' ? undefined : disaster?.cap_references?.at(-1);
  if (latest === undefined) throw new NotFoundError('CAP message of disaster', disasterId);
  return capMessageStore.require(identifierOf(latest), 'CAP message');
}

/** The Atom 1.0 feed of current alerts: every live one, and Cancels of the last 24 hours. */
export async function capFeed(now = Date.now()): Promise<string> {
  const [live, cancelled] = await Promise.all([
    capMessageStore.list({ feed: 'live' }, { limit: FEED_LIVE_LIMIT }),
    capMessageStore.list({ feed: 'cancelled' }, { limit: FEED_CANCELLED_LIMIT }),
  ]);
  const recent = cancelled.items.filter((message) => now - Date.parse(message.created_at) <= CANCELLED_IN_FEED_MS);
  const entries = [...live.items, ...recent].sort((a, b) => b.created_at.localeCompare(a.created_at));
  const base = baseUrl();
  const updated = entries[0]?.created_at ?? new Date(now).toISOString();
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<feed xmlns="http://www.w3.org/2005/Atom">',
    element('id', `${base}/feeds/cap`),
    element('title', 'Current disaster alerts (CAP 1.2)'),
    element('updated', updated),
    `<author>${element('name', config.capSenderName())}</author>`,
    `<link rel="self" type="${ATOM_MEDIA_TYPE}" href="${escapeXml(`${base}/feeds/cap`)}"/>`,
    ...entries.map((message) =>
      [
        '<entry>',
        element('id', `${base}/disasters/${message.disaster_id}/cap#${message.id}`),
        element('title', `${message.msg_type}: ${message.headline}`),
        element('updated', message.created_at),
        element('summary', `CAP ${message.msg_type} ${message.id} sent ${message.sent}`),
        `<link rel="alternate" type="${CAP_MEDIA_TYPE}" href="${escapeXml(`${base}/disasters/${message.disaster_id}/cap`)}"/>`,
        '</entry>',
      ].join('\n'),
    ),
    '</feed>',
  ];
  return `${lines.join('\n')}\n`;
}
