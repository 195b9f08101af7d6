// The domain events: every state change the service makes, one typed event each, written as one
// audit record in the change's own commit (events/record.ts). Subscribers (in-app notices, SMS and
// push, webhooks) read the event, never a string: renaming an event without its notice line and
// webhook line does not compile, and test/events.test.ts checks every type has both.
//
// An event carries the changed fields before and after (the history views show them) and, for the
// events a subscriber reads, exactly the fields it reads, typed. Person fields (`assigned_to`,
// `owner_id`, `user_id`, `authorized_by`) stay in before/after, where erasure finds them.
import type { HelpRequest } from '../requests/model.js';
import type { RequestStatus } from '../requests/transitions.js';
import type { TaskStatus } from '../tasks/transitions.js';

/** Changed fields that no subscriber reads: shown by the history views only. */
type Fields = Record<string, unknown>;

/** Before and after of each event (null before a creation, after a deletion). */
interface EventChanges {
  'request.created': {
    before: null;
    after: { status: RequestStatus; duplicate_of: string | null; channel: HelpRequest['channel'] } & Fields;
  };
  'request.status_changed': {
    before: { status: RequestStatus } & Fields;
    after: { status: RequestStatus; closed_reason?: string | null; reason?: 'owner_erased' } & Fields;
  };
  'request.located': { before: Fields; after: Fields };
  /** Re-confirmation (requests/confirmation.ts): the person is asked whether they still need help. */
  'request.confirmation_asked': { before: Fields; after: { confirmation: 'asked' } & Fields };
  /** They said they still do (YES, or still_needed true): last_confirmed_at refreshed. */
  'request.confirmed': { before: Fields; after: Fields };
  /** Nobody answered within the reply window: shown unconfirmed to staff, never closed for it. */
  'request.unconfirmed': { before: Fields; after: Fields };
  /** A dispatcher merged the request (entity) into a survivor, or undid it (requests/merges.ts). */
  'request.merged': {
    before: { status: RequestStatus } & Fields;
    after: { status: 'closed'; closed_reason: 'duplicate'; duplicate_of: string } & Fields;
  };
  'request.unmerged': {
    before: { status: 'closed'; closed_reason: 'duplicate'; duplicate_of: string } & Fields;
    after: { status: RequestStatus } & Fields;
  };
  'task.created': { before: null; after: { status: TaskStatus } & Fields };
  'task.assigned': {
    before: { assigned_to: null; assigned_at: null };
    after: { assigned_to: string; assigned_at: string };
  };
  'task.reassigned': {
    before: { assigned_to: string; assigned_at: string | null };
    after: { assigned_to: string; assigned_at: string };
  };
  'task.authorized': { before: Fields; after: { authorized: true } & Fields };
  'task.status_changed': {
    before: { status: TaskStatus } & Fields;
    /** `reason`: why a task failed, as its assignee or a dispatcher said. */
    after: { status: TaskStatus; reason?: string } & Fields;
  };
  /** Erasure took the task back from an erased assignee. */
  'task.unassigned': { before: Fields; after: Fields };
  'resource.created': { before: null; after: Fields };
  'resource.status_changed': { before: Fields; after: Fields };
  'disaster.created': { before: null; after: Fields };
  'disaster.suggested': { before: null; after: Fields };
  'disaster.evidence_added': { before: Fields; after: Fields };
  'disaster.approved': { before: Fields; after: Fields };
  'disaster.updated': { before: Fields; after: Fields };
  'disaster.closed': { before: Fields; after: Fields };
  'disaster.discarded': { before: Fields; after: null };
  'membership.joined': { before: null; after: Fields };
  'membership.left': { before: Fields; after: null };
  'role.registered': { before: Fields; after: Fields };
  'role.granted': { before: Fields; after: Fields };
  'verification.verified': { before: Fields; after: Fields };
  'verification.unverified': { before: Fields; after: Fields };
  'user.opted_out': { before: Fields | null; after: Fields };
  'user.opted_in': { before: Fields | null; after: Fields };
  'user.phone_detached': { before: Fields; after: Fields };
  /** The person confirmed a code sent to their number: it is their account's (users/phone-verification.ts). */
  'user.phone_verified': { before: { phone_verified: false }; after: { phone_verified: true } };
  'user.erased': { before: null; after: null };
  'user.erasure_requested': { before: null; after: null };
  /** Disclosures rather than changes: personal data left the service. */
  'export.exported_personal_data': { before: null; after: Fields };
  'contact.looked_up_by_phone': { before: null; after: Fields };
  'webhook.created': { before: null; after: Fields };
  'webhook.updated': { before: Fields; after: Fields };
  'webhook.deleted': { before: Fields; after: null };
  'webhook.disabled': { before: Fields; after: Fields };
}

export type DomainEventType = keyof EventChanges;

/** Every event type, for the tables that must cover them all (checked against the union below). */
export const DOMAIN_EVENT_TYPES = [
  'request.created',
  'request.status_changed',
  'request.located',
  'request.confirmation_asked',
  'request.confirmed',
  'request.unconfirmed',
  'request.merged',
  'request.unmerged',
  'task.created',
  'task.assigned',
  'task.reassigned',
  'task.authorized',
  'task.status_changed',
  'task.unassigned',
  'resource.created',
  'resource.status_changed',
  'disaster.created',
  'disaster.suggested',
  'disaster.evidence_added',
  'disaster.approved',
  'disaster.updated',
  'disaster.closed',
  'disaster.discarded',
  'membership.joined',
  'membership.left',
  'role.registered',
  'role.granted',
  'verification.verified',
  'verification.unverified',
  'user.opted_out',
  'user.opted_in',
  'user.phone_detached',
  'user.phone_verified',
  'user.erased',
  'user.erasure_requested',
  'export.exported_personal_data',
  'contact.looked_up_by_phone',
  'webhook.created',
  'webhook.updated',
  'webhook.deleted',
  'webhook.disabled',
] as const satisfies readonly DomainEventType[];

// Fails to compile when a type of the union is missing from the list.
type Unlisted = Exclude<DomainEventType, (typeof DOMAIN_EVENT_TYPES)[number]>;
const everyTypeListed: [Unlisted] extends [never] ? true : Unlisted = true;
void everyTypeListed;

/** What an event is about, for queries and history views: the audit record's `entity`. */
export type EventEntity = DomainEventType extends `${infer Entity}.${string}` ? Entity : never;

/** One event of type `T`: the entity it changed, its context, and its typed before and after. */
export type EventOf<T extends DomainEventType> = {
  type: T;
  entity_id: string;
  /** Context for queries and views: the disaster and request the change belongs to. */
  disaster_id?: string | null | undefined;
  request_id?: string | null | undefined;
  /** A fixed record id, for a change that must be recorded once whoever makes it (the create() fails the commit otherwise). */
  record_id?: string | undefined;
  /** When the person took the action by their device's clock (`client_time`, shared/schemas.ts), if sent. */
  client_time?: string | undefined;
} & EventChanges[T];

export type DomainEvent = { [T in DomainEventType]: EventOf<T> }[DomainEventType];

/** The entity and action an event is stored under (`task.status_changed` → task, status_changed). */
export function entityAndAction(type: DomainEventType): { entity: EventEntity; action: string } {
  const dot = type.indexOf('.');
  return { entity: type.slice(0, dot) as EventEntity, action: type.slice(dot + 1) };
}
