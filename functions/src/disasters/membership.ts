// Membership of a disaster (spec 3.4): join, leave, whether one joined, and the volunteers who
// joined. Each membership is two documents written together: `disasters/{id}/members/{uid}`
// (the chat rules read it) and `users/{uid}/memberships/{id}` (which disasters one joined).
import { recordEvent, type EventActor } from '../events/record.js';
import { memberStore, membershipStore } from './store.js';
import { userStore } from '../users/store.js';
import { db, isAlreadyExists } from '../data/firestore.js';
import { ForbiddenError } from '../errors.js';
import type { Caller } from '../shared/caller.js';
import { logs } from '../logs.js';
import type { Page, PageQuery } from '../shared/schemas.js';
import type { Member, Membership, Volunteer } from './model.js';
import { getVisibleDisaster, requireConfirmedDisaster } from './service.js';

function membershipOf(disasterId: string, member: Member | undefined): Membership {
  return { disaster_id: disasterId, joined: member !== undefined, joined_at: member?.created_at ?? null };
}

/** The audit trail's id of a membership. */
export const membershipEntityId = (disasterId: string, uid: string): string => `${disasterId}:${uid}`;

/**
 * Writes a membership: the member document and the user's index entry, in one batch. `create`
 * makes the batch fail, writing nothing, when the member document exists already. With an
 * `actor`, the join is recorded in the audit trail by the same batch (seeding passes none).
 */
export async function writeMembership(member: Member, mode: 'create' | 'set', actor?: EventActor): Promise<void> {
  const entry = { id: member.disaster_id, disaster_id: member.disaster_id, created_at: member.created_at };
  const batch = db().batch();
  const memberRef = memberStore.doc(member.disaster_id, member.id);
  if (mode === 'create') batch.create(memberRef, member);
  else batch.set(memberRef, member);
  batch.set(membershipStore.doc(member.id, member.disaster_id), entry);
  if (actor !== undefined) {
    recordEvent(
      batch,
      actor,
      {
        type: 'membership.joined',
        entity_id: membershipEntityId(member.disaster_id, member.id),
        before: null,
        after: { role: member.role },
        disaster_id: member.disaster_id,
      },
      member.created_at,
    );
  }
  await batch.commit();
}

/**
 * Adds the caller to a confirmed disaster. Idempotent: a second join changes nothing and answers
 * the existing membership (`created` false). The membership is written with create(), so two
 * concurrent joins cannot both create it.
 */
export async function join(caller: Caller, disasterId: string): Promise<{ membership: Membership; created: boolean }> {
  await requireConfirmedDisaster(disasterId, null); // a suggestion has no members: 404 even for admins
  const ref = memberStore.doc(disasterId, caller.uid);
  const existing = (await ref.get()).data();
  if (existing) return { membership: membershipOf(disasterId, existing), created: false };
  const user = await userStore.get(caller.uid);
  if (!user) throw new ForbiddenError('Register first (POST /users/register), then join a disaster.');
  const member: Member = {
    id: caller.uid,
    disaster_id: disasterId,
    role: user.role,
    display_name: user.display_name,
    created_at: new Date().toISOString(),
  };
  try {
    await writeMembership(member, 'create', caller);
  } catch (error) {
    if (!isAlreadyExists(error)) throw error;
    return { membership: membershipOf(disasterId, (await ref.get()).data()), created: false };
  }
  logs.disasterJoined(disasterId, caller.uid);
  return { membership: membershipOf(disasterId, member), created: true };
}

/**
 * Removes the caller from a disaster; idempotent (leaving when not a member is fine). The member
 * document is read so that only a real departure is recorded in the audit trail.
 */
export async function leave(caller: Caller, disasterId: string): Promise<void> {
  await getVisibleDisaster(caller, disasterId);
  const memberRef = memberStore.doc(disasterId, caller.uid);
  await db().runTransaction(async (tx) => {
    const member = (await tx.get(memberRef)).data();
    tx.delete(memberRef);
    tx.delete(membershipStore.doc(caller.uid, disasterId));
    if (member) {
      recordEvent(tx, caller, {
        type: 'membership.left',
        entity_id: membershipEntityId(disasterId, caller.uid),
        before: { role: member.role },
        after: null,
        disaster_id: disasterId,
      });
    }
  });
}

export async function joined(caller: Caller, disasterId: string): Promise<Membership> {
  await getVisibleDisaster(caller, disasterId);
  return membershipOf(disasterId, await memberStore.of(disasterId).get(caller.uid));
}

/**
 * Members who joined as volunteers (their role when they joined), newest members first, with
 * availability, location and skills read from their current user records.
 */
export async function listVolunteers(caller: Caller, disasterId: string, query: PageQuery): Promise<Page<Volunteer>> {
  await getVisibleDisaster(caller, disasterId);
  const page = await memberStore.of(disasterId).list({ role: 'volunteer' }, query);
  const users = await Promise.all(page.items.map((member) => userStore.doc(member.id).get()));
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
        verified: user?.verified ?? false,
        joined_at: member.created_at,
      };
    }),
    next_cursor: page.next_cursor,
  };
}
