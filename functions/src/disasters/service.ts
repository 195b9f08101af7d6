// Disasters (spec 3.4, 4.5): creation by admins, the public list, agent suggestions that admins
// approve or discard, closing. Membership (join, leave, joined, volunteers): membership.ts.
import type { Transaction } from 'firebase-admin/firestore';
import { markDiscarded } from './evidence.js';
import { recordEvent } from '../events/record.js';
import type { EventOf } from '../events/types.js';
import { disasterStore } from './store.js';
import { db, isAlreadyExists } from '../data/firestore.js';
import { ConflictError, NotFoundError } from '../errors.js';
import type { Caller } from '../shared/caller.js';
import { logs } from '../logs.js';
import { issueCapMessage, type CapEvent } from './cap.js';
import { geohashOf } from '../shared/geo.js';
import type { Page, PageQuery } from '../shared/schemas.js';
import { transitionTable } from '../shared/transitions.js';
import {
  DISASTER_TRANSITIONS,
  EDITABLE_DISASTER_FIELDS,
  type Disaster,
  type DisasterClose,
  type DisasterInput,
  type DisasterPatch,
  type EditableDisasterField,
  type DisasterState,
} from './model.js';

export const disasterTransitions = transitionTable<DisasterState>('disaster', DISASTER_TRANSITIONS);

export const isAdmin = (caller: Caller | null): boolean => caller?.role === 'admin';

export async function createDisaster(caller: Caller, input: DisasterInput): Promise<Disaster> {
  const now = new Date().toISOString();
  const ref = disasterStore.ref().doc();
  const disaster: Disaster = {
    id: ref.id,
    name: input.name,
    type: input.type,
    description: input.description,
    location: input.location,
    geohash: geohashOf(input.location),
    radius_km: input.radius_km,
    severity: input.severity,
    status: 'confirmed',
    created_by: caller.uid,
    suggestion: null,
    confirmed_at: now,
    confirmed_by: caller.uid,
    created_at: now,
    updated_at: now,
  };
  const batch = db().batch();
  disaster.cap_references = issueCapMessage(batch, disaster, 'confirmed', now);
  batch.create(ref, disaster);
  recordEvent(
    batch,
    caller,
    {
      type: 'disaster.created',
      entity_id: disaster.id,
      before: null,
      after: { status: disaster.status, severity: disaster.severity, radius_km: disaster.radius_km },
      disaster_id: disaster.id,
    },
    now,
  );
  await batch.commit();
  logs.disasterCreated(disaster.id, caller.uid);
  return disaster;
}

/** Public disasters: confirmed ones (the default), or closed ones with `status=closed`. */
export function listPublic(
  query: PageQuery & { type?: Disaster['type'] | undefined; status?: 'confirmed' | 'closed' | undefined },
): Promise<Page<Disaster>> {
  return disasterStore.list({ status: query.status ?? 'confirmed', type: query.type }, query);
}

/** Agent suggestions awaiting an admin, newest first. */
export function listSuggested(query: PageQuery): Promise<Page<Disaster>> {
  return disasterStore.list({ status: 'suggested' }, query);
}

/** A disaster the caller may see: a suggestion exists only for admins (404 for everyone else). */
export async function getVisibleDisaster(caller: Caller | null, id: string): Promise<Disaster> {
  const disaster = await disasterStore.get(id);
  if (!disaster || (disaster.status === 'suggested' && !isAdmin(caller))) throw new NotFoundError('Disaster', id);
  return disaster;
}

/**
 * A disaster that exists and is confirmed: what one can report observations to, or tie a
 * request, resource, task or allocation run to. Unknown: 404. An unconfirmed suggestion is a 404
 * to anyone but an admin, exactly like an unknown id (a 409 would tell that it exists: L1), and a
 * 409 to admins, who know of it. `caller` null: nobody who may know of suggestions.
 * A closed disaster is public, so it is a 409 everywhere: it takes no new work (docs/interop.md).
 */
export async function requireConfirmedDisaster(id: string, caller: Caller | null, tx?: Transaction): Promise<Disaster> {
  const disaster = await disasterStore.get(id, tx);
  if (!disaster || (disaster.status === 'suggested' && !isAdmin(caller))) throw new NotFoundError('Disaster', id);
  if (disaster.status === 'closed') throw closedConflict(id);
  if (disaster.status !== 'confirmed') {
    throw new ConflictError(
      `Disaster ${JSON.stringify(id)} is an unconfirmed suggestion; an admin must approve it first.`,
    );
  }
  return disaster;
}

export const closedConflict = (id: string): ConflictError =>
  new ConflictError(`Disaster ${JSON.stringify(id)} is closed; it takes no new requests, members, messages or work.`);

/**
 * A transaction on one disaster that may issue a CAP message (cap.ts creates message n with
 * create()). In Firestore a concurrent change of the same disaster waits on its lock and reads
 * the new state; a store without isolation (the local emulator) lets both run and fails the
 * second commit with ALREADY_EXISTS instead: that change runs again, on the new state (a 409, a
 * no-op, or message n + 1), rather than answering 500.
 */
async function inCapTransaction<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db().runTransaction(work);
    } catch (error) {
      if (!isAlreadyExists(error) || attempt >= 3) throw error;
    }
  }
}

/**
 * The writes of a change to a disaster, `next` (its `updated_at` the time of the change): the
 * document, its audit record, and for a published disaster the CAP message of `capEvent`.
 */
function writeDisasterChange(
  tx: Transaction,
  caller: Caller,
  next: Disaster,
  capEvent: CapEvent | null,
  event: Pick<EventOf<'disaster.approved' | 'disaster.updated' | 'disaster.closed'>, 'type' | 'before' | 'after'>,
): void {
  if (capEvent) next.cap_references = issueCapMessage(tx, next, capEvent, next.updated_at);
  tx.set(disasterStore.doc(next.id), next);
  recordEvent(tx, caller, { ...event, entity_id: next.id, disaster_id: next.id }, next.updated_at);
}

/** Suggested → confirmed; 409 on a confirmed disaster. */
export async function approve(caller: Caller, disasterId: string): Promise<Disaster> {
  const approved = await inCapTransaction(async (tx) => {
    const disaster = await disasterStore.require(disasterId, 'Disaster', tx);
    disasterTransitions.assert(disaster.status, 'confirmed');
    const now = new Date().toISOString();
    const next: Disaster = {
      ...disaster,
      status: 'confirmed',
      confirmed_at: now,
      confirmed_by: caller.uid,
      // The agent's own text does not outlive approval: what was approved is the description.
      suggestion: disaster.suggestion && { ...disaster.suggestion, summary: disaster.description },
      updated_at: now,
    };
    writeDisasterChange(tx, caller, next, 'confirmed', {
      type: 'disaster.approved',
      before: { status: disaster.status },
      after: { status: next.status },
    });
    return next;
  });
  logs.suggestionApproved(disasterId, caller.uid);
  return approved;
}

/**
 * Removes a suggestion and tombstones its evidence in the same transaction, so the agent does not
 * suggest the same cluster again from the same observations; 409 on a confirmed disaster.
 */
export async function discard(caller: Caller, disasterId: string): Promise<void> {
  const ref = disasterStore.doc(disasterId);
  await db().runTransaction(async (tx) => {
    const disaster = await disasterStore.require(disasterId, 'Disaster', tx);
    disasterTransitions.assert(disaster.status, 'discarded');
    const now = new Date().toISOString();
    if (disaster.suggestion) {
      markDiscarded(tx, disasterId, disaster.suggestion.cluster_key, disaster.suggestion.observation_ids, now);
    }
    tx.delete(ref);
    recordEvent(
      tx,
      caller,
      {
        type: 'disaster.discarded',
        entity_id: disasterId,
        before: { status: disaster.status },
        after: null,
        disaster_id: disasterId,
      },
      now,
    );
  });
  logs.suggestionDiscarded(disasterId, caller.uid);
}

// --- Editing a disaster (PATCH /disasters/{id}) -------------------------------------------------

const sameValue = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/**
 * An admin edits a suggested or a confirmed disaster (a discarded one no longer exists: 404).
 * Only the fields whose value changes are written and audited, in one transaction; on a
 * suggestion they are remembered in `suggestion.edited_fields`, so the agent, adding evidence
 * later, never rewrites them.
 */
export async function updateDisaster(caller: Caller, disasterId: string, patch: DisasterPatch): Promise<Disaster> {
  const { updated, changed } = await inCapTransaction(async (tx) => {
    const disaster = await disasterStore.require(disasterId, 'Disaster', tx);
    if (disaster.status === 'closed') throw closedConflict(disasterId);
    const changed = EDITABLE_DISASTER_FIELDS.filter(
      (field) => patch[field] !== undefined && !sameValue(patch[field], disaster[field]),
    );
    if (changed.length === 0) return { updated: disaster, changed };
    const now = new Date().toISOString();
    const pick = (source: Disaster) => Object.fromEntries(changed.map((field) => [field, source[field]]));
    const next: Disaster = { ...disaster, updated_at: now };
    for (const field of changed) assignField(next, field, patch);
    if (changed.includes('location')) next.geohash = geohashOf(next.location);
    if (next.suggestion) {
      next.suggestion = {
        ...next.suggestion,
        edited_fields: [...new Set([...next.suggestion.edited_fields, ...changed])].sort(),
      };
    }
    // A suggestion is not published: its first CAP message is the Alert of its approval.
    writeDisasterChange(tx, caller, next, next.status === 'confirmed' ? 'edited' : null, {
      type: 'disaster.updated',
      before: pick(disaster),
      after: pick(next),
    });
    return { updated: next, changed };
  });
  if (changed.length > 0) logs.disasterEdited(disasterId, caller.uid, changed);
  return updated;
}

function assignField(target: Disaster, field: EditableDisasterField, patch: DisasterPatch): void {
  if (field === 'name' && patch.name !== undefined) target.name = patch.name;
  else if (field === 'type' && patch.type !== undefined) target.type = patch.type;
  else if (field === 'description' && patch.description !== undefined) target.description = patch.description;
  else if (field === 'location' && patch.location !== undefined) target.location = patch.location;
  else if (field === 'radius_km' && patch.radius_km !== undefined) target.radius_km = patch.radius_km;
  else if (field === 'severity' && patch.severity !== undefined) target.severity = patch.severity;
}

// --- Closing a disaster (POST /disasters/{id}/close) --------------------------------------------

/**
 * Confirmed → closed, with the CAP Cancel, in one transaction. Closing a closed disaster changes
 * nothing and answers it as it is (`closed` false), so a retried close is harmless; a suggestion
 * cannot be closed (409: discard it). Its requests and tasks are left as they are, for staff to
 * finish or cancel through their usual endpoints (docs/interop.md, "Disaster lifecycle").
 */
export async function closeDisaster(
  caller: Caller,
  disasterId: string,
  input: DisasterClose,
): Promise<{ disaster: Disaster; closed: boolean }> {
  const result = await inCapTransaction(async (tx) => {
    const disaster = await disasterStore.require(disasterId, 'Disaster', tx);
    if (disaster.status === 'closed') return { disaster, closed: false };
    disasterTransitions.assert(disaster.status, 'closed');
    const now = new Date().toISOString();
    const next: Disaster = {
      ...disaster,
      status: 'closed',
      closed_at: now,
      closed_by: caller.uid,
      close_reason: input?.reason ?? null,
      updated_at: now,
    };
    writeDisasterChange(tx, caller, next, 'closed', {
      type: 'disaster.closed',
      before: { status: disaster.status },
      after: { status: next.status, close_reason: next.close_reason },
    });
    return { disaster: next, closed: true };
  });
  if (result.closed) logs.disasterClosed(disasterId, caller.uid);
  return result;
}
