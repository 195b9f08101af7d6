// Verifying volunteers: roles say what a caller may do; verification widens whose data a volunteer
// may see. Admins and responders are trusted by role. A volunteer is unverified until an admin
// verifies them; an unverified volunteer may join disasters, chat, report observations and raise
// requests, but sees nobody else's requests. The rules that read it: requests/visibility.ts and
// shared/schemas.ts isStaff (docs/security.md, "Who sees what").
import { recordEvent } from '../events/record.js';
import { userStore } from './store.js';
import { db } from '../data/firestore.js';
import type { Caller } from '../shared/caller.js';
import type { UserRecord, VerificationInput } from './model.js';

/** PUT /users/{uid}/verification: records the decision, who made it and when, with its audit record. */
export async function setVerification(admin: Caller, uid: string, input: VerificationInput): Promise<UserRecord> {
  const ref = userStore.doc(uid);
  return db().runTransaction(async (tx) => {
    const user = await userStore.require(uid, 'User', tx);
    const at = new Date().toISOString();
    const verification = { verified: input.verified, note: input.note ?? null, by: admin.uid, at };
    const next: UserRecord = { ...user, verified: input.verified, verification, updated_at: at };
    tx.set(ref, next);
    recordEvent(
      tx,
      admin,
      {
        type: input.verified ? 'verification.verified' : 'verification.unverified',
        entity_id: uid,
        before: { verified: user.verified },
        after: { verified: input.verified, note: verification.note },
      },
      at,
    );
    return next;
  });
}
