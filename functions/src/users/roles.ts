// Granting roles: the custom claim is the source of truth, the user document mirrors it for
// queries. Used by PUT /users/{uid}/role and by `npm run set-role`.
import { recordAudit, type AuditActor } from '../audit/record.js';
import { collections } from '../data/collections.js';
import { auth, db } from '../data/firestore.js';
import { NotFoundError } from '../errors.js';
import { logs } from '../logs.js';
import type { Role } from '../shared/schemas.js';
import { newUserRecord } from './service.js';
import type { UserRecord } from './model.js';

/** Sets the `role` claim, keeping the user's other claims. */
export async function setRoleClaim(uid: string, role: Role): Promise<void> {
  const user = await auth().getUser(uid);
  await auth().setCustomUserClaims(uid, { ...(user.customClaims ?? {}), role });
}

/** Resolves a uid or an e-mail address to a uid; 404 when Auth knows neither. */
export async function resolveUid(uidOrEmail: string): Promise<string> {
  try {
    return uidOrEmail.includes('@')
      ? (await auth().getUserByEmail(uidOrEmail)).uid
      : (await auth().getUser(uidOrEmail)).uid;
  } catch (error) {
    if ((error as { code?: unknown }).code === 'auth/user-not-found') throw new NotFoundError('User', uidOrEmail);
    throw error;
  }
}

/** `grantedBy`: the admin calling PUT /users/{uid}/role, or `system` for `npm run set-role`. */
export async function grantRole(uidOrEmail: string, role: Role, grantedBy: AuditActor): Promise<UserRecord> {
  const uid = await resolveUid(uidOrEmail);
  const authUser = await auth().getUser(uid);
  await auth().setCustomUserClaims(uid, { ...(authUser.customClaims ?? {}), role });
  const now = new Date().toISOString();
  const ref = collections.users.doc(uid);
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
      recordAudit(
        tx,
        {
          entity: 'role',
          entity_id: uid,
          action: 'granted',
          actor: grantedBy,
          before: { role: existing?.role ?? null },
          after: { role },
        },
        now,
      );
    }
    return next;
  });
  logs.roleGranted(uid, role, typeof grantedBy === 'string' ? grantedBy : grantedBy.uid);
  return record;
}
