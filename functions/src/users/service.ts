// Users: registration (an idempotent upsert), profile, availability and location.
import { recordEvent } from '../events/record.js';
import { memberStore, membershipStore } from '../disasters/store.js';
import { userStore } from './store.js';
import { auth, db } from '../data/firestore.js';
import { nothingInCommit, type InCommit } from '../data/staged.js';
import { ForbiddenError, NotFoundError, ValidationError } from '../errors.js';
import type { Caller } from '../shared/caller.js';
import { geohashOf } from '../shared/geo.js';
import { roleSchema, SELF_SERVICE_ROLES, type Location, type Role } from '../shared/schemas.js';
import { newUserRecord, type RegistrationInput, type UserRecord } from './model.js';
import { setRoleClaim } from './roles.js';

const isSelfService = (role: Role) => (SELF_SERVICE_ROLES as readonly Role[]).includes(role);

/**
 * The role registration leaves the caller with. Self-registration may pick only a self-service
 * role; admin and responder are granted by an admin, and a privileged user's role is changed
 * only by an admin too.
 */
function resolveRole(current: Role | null, requested: Role | undefined): Role {
  if (requested === undefined) return current ?? 'affected_individual';
  if (requested === current) return requested;
  if (!isSelfService(requested)) {
    throw new ForbiddenError(
      `The role ${requested} is granted by an admin; register as affected_individual or volunteer.`,
    );
  }
  if (current !== null && !isSelfService(current)) {
    throw new ForbiddenError(`You are ${current}; only an admin can change your role.`);
  }
  return requested;
}

export interface Registration {
  user: UserRecord;
  roleClaimChanged: boolean;
}

/**
 * The role the account holds now: its claim as Auth has it, not as the caller's token carries it
 * (a token issued before a role change keeps the old claim), and never the user document's, which
 * only mirrors the claim (a claim removed by hand does not come back from the mirror).
 */
async function currentRole(uid: string): Promise<Role | null> {
  const claim = roleSchema.safeParse((await auth().getUser(uid)).customClaims?.role);
  return claim.success ? claim.data : null;
}

export async function register(caller: Caller, input: RegistrationInput): Promise<Registration> {
  const ref = userStore.doc(caller.uid);
  const now = new Date().toISOString();
  const claimed = await currentRole(caller.uid);
  const user = await db().runTransaction(async (tx) => {
    const existing = (await tx.get(ref)).data();
    const role = resolveRole(claimed, input.role);
    if (input.availability !== undefined && role !== 'volunteer') {
      throw new ValidationError([{ path: 'body.availability', message: 'only volunteers have an availability' }]);
    }
    let next: UserRecord;
    if (!existing) {
      if (input.display_name === undefined) {
        throw new ValidationError([{ path: 'body.display_name', message: 'is required at first registration' }]);
      }
      next = newUserRecord(caller.uid, { ...input, display_name: input.display_name, role }, now);
    } else {
      const location = input.location ?? existing.location;
      next = {
        ...existing,
        display_name: input.display_name ?? existing.display_name,
        role,
        phone: input.phone ?? existing.phone,
        location,
        geohash: location ? geohashOf(location) : null,
        availability: role === 'volunteer' ? (input.availability ?? existing.availability ?? 'unavailable') : null,
        skills: input.skills ?? existing.skills,
        updated_at: now,
      };
    }
    // A new display name reaches the member documents too (chat messages are named from them).
    const renamed = existing !== undefined && next.display_name !== existing.display_name;
    const memberships = renamed ? (await tx.get(membershipStore.ref(caller.uid))).docs : [];
    const members =
      memberships.length === 0
        ? []
        : await tx.getAll(...memberships.map((entry) => memberStore.doc(entry.id, caller.uid)));
    tx.set(ref, next);
    if (existing?.role !== role) {
      recordEvent(
        tx,
        caller,
        { type: 'role.registered', entity_id: caller.uid, before: { role: existing?.role ?? null }, after: { role } },
        now,
      );
    }
    memberships.forEach((entry, i) => {
      if (members[i]?.exists) memberStore.of(entry.id).updateIn(tx, caller.uid, { display_name: next.display_name });
    });
    return next;
  });
  // Also repairs a claim that an earlier, interrupted registration failed to set.
  if (claimed !== user.role) await setRoleClaim(caller.uid, user.role);
  // The caller's token is what acts: refreshing it is needed whenever it says otherwise.
  return { user, roleClaimChanged: caller.role !== user.role };
}

export async function getUser(uid: string): Promise<UserRecord> {
  const user = await userStore.require(uid, 'User');
  return user;
}

/** The caller's own record; 404 with a hint when they have not registered yet. */
export async function getOwnUser(caller: Caller): Promise<UserRecord> {
  const user = await userStore.get(caller.uid);
  if (!user) throw new NotFoundError('Profile (register first with POST /users/register)');
  return user;
}

function assertVolunteer(user: UserRecord): void {
  if (user.role !== 'volunteer')
    throw new ForbiddenError(`Only volunteers have an availability; you are ${user.role}.`);
}

export async function getAvailability(caller: Caller): Promise<UserRecord> {
  const user = await getOwnUser(caller);
  assertVolunteer(user);
  return user;
}

/** Applies `change` to the caller's own record in a transaction (with `inCommit`'s writes) and returns the result. */
async function updateOwnUser(
  caller: Caller,
  change: (user: UserRecord) => Partial<UserRecord>,
  inCommit: InCommit<UserRecord>,
): Promise<UserRecord> {
  const ref = userStore.doc(caller.uid);
  return db().runTransaction(async (tx) => {
    const user = (await tx.get(ref)).data();
    if (!user) throw new NotFoundError('Profile (register first with POST /users/register)');
    const next = { ...user, ...change(user), updated_at: new Date().toISOString() };
    tx.set(ref, next);
    inCommit(tx, next);
    return next;
  });
}

/** A field change as the person made it: the value, and when by their device's clock (`client_time`), if sent. */
export interface OwnChange<T> {
  value: T;
  clientTime?: string | undefined;
}

export function setAvailability(
  caller: Caller,
  { value: availability, clientTime }: OwnChange<'available' | 'unavailable'>,
  inCommit: InCommit<UserRecord> = nothingInCommit,
): Promise<UserRecord> {
  return updateOwnUser(
    caller,
    (user) => {
      assertVolunteer(user);
      // The record is set whole: a change without a device time leaves no stale one beside it.
      return { availability, availability_client_time: clientTime };
    },
    inCommit,
  );
}

export function setLocation(
  caller: Caller,
  { value: location, clientTime }: OwnChange<Location>,
  inCommit: InCommit<UserRecord> = nothingInCommit,
): Promise<UserRecord> {
  return updateOwnUser(
    caller,
    () => ({ location, geohash: geohashOf(location), location_client_time: clientTime }),
    inCommit,
  );
}
