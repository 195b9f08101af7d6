// A request's client reference: a random token the person's device makes when they fill in the
// form, sent with POST /requests (`client_ref`) and written into the "Send by SMS" text (`#REF`).
// When the network is down the person sends the SMS, and the queued POST may still get through
// later: whichever arrives first creates the request, the other finds it by the reference and
// creates nothing. `client_refs/{ref}` is claimed in the creating commit.
import type { Transaction } from 'firebase-admin/firestore';
import type { Writer } from '../data/collections.js';
import type { ClientRefRecord } from './model.js';
import { clientRefStore } from './store.js';

/** How long a reference is remembered: longer than any outbox waits for the network. */
export const CLIENT_REF_DAYS = 7;

/** A client reference written in an SMS: `#` and the reference, anywhere in the text. */
const CLIENT_REF_IN_TEXT = /(?:^|\s)#([A-Za-z0-9]{8,16})(?![A-Za-z0-9])/;

/** The client reference an SMS carries (uppercased), and its text without it: not words of the person's. */
export function splitClientRef(body: string): { ref: string | null; text: string } {
  const found = CLIENT_REF_IN_TEXT.exec(body);
  if (!found) return { ref: null, text: body };
  return { ref: found[1]!.toUpperCase(), text: body.slice(0, found.index) + body.slice(found.index + found[0].length) };
}

/** The request a reference already created, read in `tx` when given. */
export function readClientRef(ref: string, tx?: Transaction): Promise<ClientRefRecord | undefined> {
  return clientRefStore.get(ref, tx);
}

/** Claims `ref` for the request in the creating commit: create() fails if another commit claimed it first. */
export function claimClientRef(
  writer: Writer,
  ref: string,
  request: { id: string; owner_id: string },
  at: string,
): void {
  writer.create(clientRefStore.doc(ref), {
    id: ref,
    request_id: request.id,
    owner_id: request.owner_id,
    created_at: at,
    expires_at: new Date(Date.parse(at) + CLIENT_REF_DAYS * 86_400_000).toISOString(),
  });
}
