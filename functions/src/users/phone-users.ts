// People known by their phone number (SMS and WhatsApp intake, docs/channels.md): an Auth user
// created with the number, so that signing in by phone later finds the same account, with the
// affected_individual role, and a user document named by the channel (public, so nothing of the
// number). The intake calls these commands; it never writes a user itself.
import type { Transaction } from 'firebase-admin/firestore';
import type { PhoneChannel } from '../channels/model.js';
import { userStore } from './store.js';
import { auth } from '../data/firestore.js';
import type { Staged } from '../data/staged.js';
import { recordEvent } from '../events/record.js';
import { roleSchema, type Role } from '../shared/schemas.js';
import { newUserRecord } from './model.js';
import { setRoleClaim } from './roles.js';

/** The display name of a person known only by their number. */
const DISPLAY_NAMES: Record<PhoneChannel, string> = { sms: 'SMS requester', whatsapp: 'WhatsApp requester' };

/** The Auth user of a number: created with that phone number, or the existing one; given a role claim if it has none. */
export async function ensurePhoneUser(number: string): Promise<{ uid: string; role: Role }> {
  let user;
  try {
    user = await auth().createUser({ phoneNumber: number });
  } catch (error) {
    if ((error as { code?: unknown }).code !== 'auth/phone-number-already-exists') throw error;
    user = await auth().getUserByPhoneNumber(number);
  }
  const claim = roleSchema.safeParse(user.customClaims?.role);
  if (claim.success) return { uid: user.uid, role: claim.data };
  await setRoleClaim(user.uid, 'affected_individual', user.customClaims);
  return { uid: user.uid, role: 'affected_individual' };
}

/**
 * Read first: whether the person's user document is still to be made (value true), and the writes
 * that make it with its `role.registered` event. A document already there is left as it is.
 */
export async function stagePhoneUser(
  tx: Transaction,
  person: { uid: string; number: string; channel: PhoneChannel },
  at: string,
): Promise<Staged<boolean>> {
  const missing = (await userStore.get(person.uid, tx)) === undefined;
  return {
    value: missing,
    write() {
      if (!missing) return;
      const user = newUserRecord(
        person.uid,
        { display_name: DISPLAY_NAMES[person.channel], role: 'affected_individual', phone: person.number },
        at,
      );
      tx.create(userStore.doc(person.uid), user);
      recordEvent(
        tx,
        'system',
        {
          type: 'role.registered',
          entity_id: person.uid,
          before: { role: null },
          after: { role: 'affected_individual', channel: person.channel },
        },
        at,
      );
    },
  };
}
