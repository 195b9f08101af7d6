// Granting roles: the custom claim is the source of truth, the user document mirrors it for
// queries. Used by PUT /users/{uid}/role and by `npm run set-role`.
import { recordEvent, type EventActor } from '../events/record.js';
import { userStore } from './store.js';
import { auth, db } from '../data/firestore.js';
import type { UserRecord as AuthUser } from 'firebase-admin/auth';
import { ForbiddenError, NotFoundError } from '../errors.js';
import { forgetCachedUser } from '../http/auth.js';
import { logs } from '../logs.js';
import type { Role } from '../shared/schemas.js';
import { newUserRecord, type UserRecord } from './model.js';

/** Sets the `role` claim, keeping the user's other claims (read from Auth unless given). */
export async function setRoleClaim(uid: string, role: Role, claims?: Record<string, unknown>): Promise<void> {
  const current = claims ?? (await auth().getUser(uid)).customClaims ?? {};
  await auth().setCustomUserClaims(uid, { ...current, role });
}

/**
 * Resolves a uid or an e-mail address to its Auth user; 404 when Auth knows neither. An address
 * counts only once verified: anyone can sign up with someone else's address before they do, and
 * a grant by that address would then go to the impostor's account.
 */
export async function resolveUser(uidOrEmail: string): Promise<AuthUser> {
  let user: AuthUser;
  try {
    user = uidOrEmail.includes('@') ? await auth().getUserByEmail(uidOrEmail) : await auth().getUser(uidOrEmail);
  } catch (error) {
    if ((error as { code?: unknown }).code === 'auth/user-not-found') throw new NotFoundError('User', uidOrEmail);
    throw error;
  }
  if (uidOrEmail.includes('@') && !user.emailVerified) {
    throw new ForbiddenError(
      `The address ${uidOrEmail} is not verified, so it may not be its owner's account: give the uid (${user.uid}) once you have checked whose it is.`,
    );
  }
  return user;
}

/**
 * `grantedBy`: the admin calling PUT /users/{uid}/role, or `system` for `npm run set-role`. An
 * admin never changes their own role (another admin does), so a stolen admin token cannot undo
 * its demotion. A change of role signs the user out everywhere: their refresh tokens are revoked
 * and the tokens they hold, which carry the old claim, are refused (http/auth.ts), at once on
 * this instance and within ACCOUNT_CACHE_TTL_MS on the others.
 */
export async function grantRole(uidOrEmail: string, role: Role, grantedBy: EventActor): Promise<UserRecord> {
  const authUser = await resolveUser(uidOrEmail);
  const uid = authUser.uid;
  if (typeof grantedBy !== 'string' && grantedBy.uid === uid) {
    throw new ForbiddenError('You cannot change your own role; another admin can.');
  }
  const claimChanged = authUser.customClaims?.role !== role;
  await setRoleClaim(uid, role, authUser.customClaims);
  if (claimChanged) {
    await auth().revokeRefreshTokens(uid);
    forgetCachedUser(uid);
  }
  const now = new Date().toISOString();
  const ref = userStore.doc(uid);
  const record = await db().runTransaction(async (tx) => {
    const existing = (await tx.get(ref)).data();
    const next: UserRecord = existing
      ? {
          ...existing,
          role,
          availability: role === 'volunteer' ? (existing.availability ?? 'unavailable') : null,
          updated_at: now,
        }
      : newUserRecord(
          uid,
          { display_name: authUser.displayName ?? authUser.email?.split('@')[0] ?? 'User', role },
          now,
        );
    tx.set(ref, next);
    if (existing?.role !== role) {
      recordEvent(
        tx,
        grantedBy,
        { type: 'role.granted', entity_id: uid, before: { role: existing?.role ?? null }, after: { role } },
        now,
      );
    }
    return next;
  });
  logs.roleGranted(uid, role, typeof grantedBy === 'string' ? grantedBy : grantedBy.uid);
  return record;
}
