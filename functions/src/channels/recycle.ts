// Recycled phone numbers (security review 3, S6). Carriers give a number that has been silent for
// months to someone else, who would then sign in by phone as the previous holder and text in
// their name. A number silent for PHONE_CONTACT_RECYCLE_DAYS is detached from its person: the
// number leaves their Auth user (no more phone sign-in with it) and its phone_contacts document is
// deleted (no more texts to or from it in their name), and it leaves their profile (`users.phone`). Their requests stay theirs, and keep
// `requester_phone`. The intake detaches a stale number on its next message (inbound.ts); the
// daily sweep detaches the rest.
import type { QueryDocumentSnapshot } from 'firebase-admin/firestore';
import { recordEvent } from '../events/record.js';
import { config } from '../config.js';
import { phoneContactStore } from './store.js';
import { userStore } from '../users/store.js';
import { auth, db } from '../data/firestore.js';
import { maskNumber } from '../shared/phone.js';
import type { PhoneContact } from './model.js';

/** Contacts read per page by the sweep, and pages per run (the next day's run takes the rest). */
export const RECYCLE_PAGE_SIZE = 100;
export const RECYCLE_MAX_PAGES = 50;

/** Contacts last written before this instant are stale. */
export function recycleCutoff(now: number = Date.now()): string {
  return new Date(now - config.phoneContactRecycleDays() * 86_400_000).toISOString();
}

export function isStale(contact: PhoneContact, now: number = Date.now()): boolean {
  return contact.updated_at < recycleCutoff(now);
}

/**
 * Detaches a stale contact from its person; true when this call did (false: already detached, or
 * written again since, or now another person's). The number leaves the Auth user first: were the
 * contact deleted first and the Auth step lost, the number's next message would find the old user
 * by its phone number again. The delete and its audit record are one transaction that checks the
 * contact is still this stale one, so a rerun or a concurrent run records nothing twice.
 */
export async function detachStaleContact(contact: PhoneContact, cutoff: string): Promise<boolean> {
  const number = contact.id;
  // Read again just before: a message may have refreshed it since the caller read it.
  const current = await phoneContactStore.get(number);
  if (!current || current.uid !== contact.uid || current.updated_at >= cutoff) return false;
  const user = await auth()
    .getUser(contact.uid)
    .catch((error: unknown) => {
      if ((error as { code?: unknown }).code === 'auth/user-not-found') return undefined;
      throw error;
    });
  if (user?.phoneNumber === number) await auth().updateUser(contact.uid, { phoneNumber: null });
  return db().runTransaction(async (tx) => {
    const [stored, profile] = await Promise.all([phoneContactStore.get(number, tx), userStore.get(contact.uid, tx)]);
    if (!stored || stored.uid !== contact.uid || stored.updated_at >= cutoff) return false;
    const at = new Date().toISOString();
    tx.delete(phoneContactStore.doc(number));
    // Their profile's contact phone too: it reaches the next holder now.
    if (profile?.phone === number) userStore.updateIn(tx, contact.uid, { phone: null, updated_at: at });
    recordEvent(
      tx,
      'system',
      {
        type: 'user.phone_detached',
        entity_id: contact.uid,
        before: { phone: maskNumber(number), last_message_at: stored.updated_at },
        after: { phone: null, user_id: contact.uid },
      },
      at,
    );
    return true;
  });
}

/** The daily sweep (index.ts `sweepRecycledNumbers`): detaches every stale contact; returns how many. */
export async function sweepRecycledNumbers(now: number = Date.now()): Promise<number> {
  const cutoff = recycleCutoff(now);
  let detached = 0;
  let after: QueryDocumentSnapshot<PhoneContact> | undefined;
  for (let page = 0; page < RECYCLE_MAX_PAGES; page++) {
    let query = phoneContactStore.ref().where('updated_at', '<', cutoff).orderBy('updated_at').limit(RECYCLE_PAGE_SIZE);
    if (after !== undefined) query = query.startAfter(after);
    const snapshot = await query.get();
    for (const doc of snapshot.docs) if (await detachStaleContact(doc.data(), cutoff)) detached++;
    if (snapshot.size < RECYCLE_PAGE_SIZE) break;
    after = snapshot.docs[snapshot.docs.length - 1];
  }
  return detached;
}
