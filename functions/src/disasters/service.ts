// Disasters (spec 3.4, 4.5): creation by admins, the public list, agent suggestions that admins
// approve or discard, and membership (join, leave, joined, volunteers).
import { markDiscarded } from '../agent/evidence.js';
import { collections } from '../data/collections.js';
import { db, isAlreadyExists } from '../data/firestore.js';
import { paginate } from '../data/paginate.js';
import { ForbiddenError, NotFoundError } from '../errors.js';
import type { Caller } from '../http/endpoint.js';
import { logs } from '../logs.js';
import { geohashOf } from '../shared/geo.js';
import type { Page, PageQuery } from '../shared/schemas.js';
import { transitionTable } from '../shared/transitions.js';
import {
  DISASTER_TRANSITIONS,
  type Disaster,
  type DisasterInput,
  type DisasterState,
  type Member,
  type Membership,
  type Volunteer,
} from './model.js';

export const disasterTransitions = transitionTable<DisasterState>('disaster', DISASTER_TRANSITIONS);

export const isAdmin = (caller: Caller | null): boolean => caller?.role === 'admin';

export async function createDisaster(caller: Caller, input: DisasterInput): Promise<Disaster> {
  const now = new Date().toISOString();
  const ref = collections.disasters.ref().doc();
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
  await ref.create(disaster);
  logs.disasterCreated(disaster.id, caller.uid);
  return disaster;
}

export function listConfirmed(query: PageQuery & { type?: Disaster['type'] | undefined }): Promise<Page<Disaster>> {
  let filtered = collections.disasters.ref().where('status', '==', 'confirmed');
  if (query.type !== undefined) filtered = filtered.where('type', '==', query.type);
  return paginate(filtered, query);
}

/** Agent suggestions awaiting an admin, newest first. */
export function listSuggested(query: PageQuery): Promise<Page<Disaster>> {
  return paginate(collections.disasters.ref().where('status', '==', 'suggested'), query);
}

/** A disaster the caller may see: a suggestion exists only for admins (404 for everyone else). */
export async function getVisibleDisaster(caller: Caller | null, id: string): Promise<Disaster> {
  const disaster = (await collections.disasters.doc(id).get()).data();
  if (!disaster || (disaster.status !== 'confirmed' && !isAdmin(caller))) throw new NotFoundError('Disaster', id);
  return disaster;
}

/** A confirmed disaster: what one can join, chat in, or report observations to. */
export async function getConfirmedDisaster(id: string): Promise<Disaster> {
  const disaster = (await collections.disasters.doc(id).get()).data();
  if (!disaster || disaster.status !== 'confirmed') throw new NotFoundError('Disaster', id);
  return disaster;
}

function membershipOf(disasterId: string, member: Member | undefined): Membership {
  return { disaster_id: disasterId, joined: member !== undefined, joined_at: member?.created_at ?? null };
}

/**
 * Writes a membership: the member document and the user's index entry, in one batch. `create`
 * makes the batch fail, writing nothing, when the member document exists already.
 */
export async function writeMembership(member: Member, mode: 'create' | 'set'): Promise<void> {
  const entry = { id: member.disaster_id, disaster_id: member.disaster_id, created_at: member.created_at };
  const batch = db().batch();
  const memberRef = collections.members.doc(member.disaster_id, member.id);
  if (mode === 'create') batch.create(memberRef, member);
  else batch.set(memberRef, member);
  batch.set(collections.memberships.doc(member.id, member.disaster_id), entry);
  await batch.commit();
}

/**
 * Adds the caller to a confirmed disaster. Idempotent: a second join changes nothing and answers
 * the existing membership (`created` false). The membership is written with create(), so two
 * concurrent joins cannot both create it.
 */
export async function join(caller: Caller, disasterId: string): Promise<{ membership: Membership; created: boolean }> {
  await getConfirmedDisaster(disasterId);
  const ref = collections.members.doc(disasterId, caller.uid);
  const existing = (await ref.get()).data();
  if (existing) return { membership: membershipOf(disasterId, existing), created: false };
  const user = (await collections.users.doc(caller.uid).get()).data();
  if (!user) throw new ForbiddenError('Register first (POST /users/register), then join a disaster.');
  const member: Member = {
    id: caller.uid,
    disaster_id: disasterId,
    role: user.role,
    display_name: user.display_name,
    created_at: new Date().toISOString(),
  };
  try {
    await writeMembership(member, 'create');
  } catch (error) {
    if (!isAlreadyExists(error)) throw error;
    return { membership: membershipOf(disasterId, (await ref.get()).data()), created: false };
  }
  logs.disasterJoined(disasterId, caller.uid);
  return { membership: membershipOf(disasterId, member), created: true };
}

/** Removes the caller from a disaster; idempotent (leaving when not a member is fine). */
export async function leave(caller: Caller, disasterId: string): Promise<void> {
  await getVisibleDisaster(caller, disasterId);
  const batch = db().batch();
  batch.delete(collections.members.doc(disasterId, caller.uid));
  batch.delete(collections.memberships.doc(caller.uid, disasterId));
  await batch.commit();
}

export async function joined(caller: Caller, disasterId: string): Promise<Membership> {
  await getVisibleDisaster(caller, disasterId);
  return membershipOf(disasterId, (await collections.members.doc(disasterId, caller.uid).get()).data());
}

/**
 * Members who joined as volunteers (their role when they joined), newest members first, with
 * availability, location and skills read from their current user records.
 */
export async function listVolunteers(caller: Caller, disasterId: string, query: PageQuery): Promise<Page<Volunteer>> {
  await getVisibleDisaster(caller, disasterId);
  const page = await paginate(collections.members.ref(disasterId).where('role', '==', 'volunteer'), query);
  const users = await Promise.all(page.items.map((member) => collections.users.doc(member.id).get()));
  const byUid = new Map(users.map((snapshot) => [snapshot.id, snapshot.data()]));
  return {
    items: page.items.map((member) => {
      const user = byUid.get(member.id);
      return {
        id: member.id,
        display_name: user?.display_name ?? member.display_name,
        availability: user?.availability ?? null,
        location: user?.location ?? null,
        skills: user?.skills ?? [],
        joined_at: member.created_at,
      };
    }),
    next_cursor: page.next_cursor,
  };
}

/** Suggested → confirmed; 409 on a confirmed disaster. */
export async function approve(caller: Caller, disasterId: string): Promise<Disaster> {
  const ref = collections.disasters.doc(disasterId);
  const approved = await db().runTransaction(async (tx) => {
    const disaster = (await tx.get(ref)).data();
    if (!disaster) throw new NotFoundError('Disaster', disasterId);
    disasterTransitions.assert(disaster.status, 'confirmed');
    const now = new Date().toISOString();
    const next: Disaster = { ...disaster, status: 'confirmed', confirmed_at: now, confirmed_by: caller.uid, updated_at: now };
    tx.set(ref, next);
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
  const ref = collections.disasters.doc(disasterId);
  await db().runTransaction(async (tx) => {
    const disaster = (await tx.get(ref)).data();
    if (!disaster) throw new NotFoundError('Disaster', disasterId);
    disasterTransitions.assert(disaster.status, 'discarded');
    const now = new Date().toISOString();
    if (disaster.suggestion) {
      markDiscarded(tx, disasterId, disaster.suggestion.cluster_key, disaster.suggestion.observation_ids, now);
    }
    tx.delete(ref);
  });
  logs.suggestionDiscarded(disasterId, caller.uid);
}
