// A request's client reference: a random token the person's device makes when they fill in the
// form, sent with POST /requests (`client_ref`) and written into the "Send by SMS" text (`#REF`).
// When the network is down the person sends the SMS, and the queued POST may still get through
// later: whichever arrives first creates the request, the other finds it by the reference and
// creates nothing. `client_refs/{ref}` is claimed in the creating commit.
import type { Transaction } from 'firebase-admin/firestore';
import { z } from 'zod';
import { defineCollection, type Writer } from '../data/collections.js';
import { idSchema, isoDateTime } from '../shared/schemas.js';

/** How long a reference is remembered: longer than any outbox waits for the network. */
export const CLIENT_REF_DAYS = 7;

/** A client reference written in an SMS: `#` and the reference, anywhere in the text. */
export function clientRefInText(body: string): string | null {
  const found = /(?:^|\s)#([A-Za-z0-9]{8,16})(?![A-Za-z0-9])/.exec(body);
  return found ? found[1]!.toUpperCase() : null;
}

export const clientRefRecordSchema = z.object({
  id: z.string(),
  request_id: idSchema,
  owner_id: idSchema,
  created_at: isoDateTime,
  expires_at: isoDateTime,
});
export type ClientRefRecord = z.infer<typeof clientRefRecordSchema>;

/** `client_refs/{ref}`: the request a client reference created; `expires_at` carries a TTL policy. */
export const clientRefs = defineCollection('client_refs', clientRefRecordSchema, {
  // The reference travelled in an SMS: the provider's log ties it to the number, so the link
  // re-identifies the person, as an inbound message's does.
  personFields: { uid: ['owner_id'], contact: ['request_id'] },
});

/** The request a reference already created, read in `tx` when given. */
export function readClientRef(ref: string, tx?: Transaction): Promise<ClientRefRecord | undefined> {
  return clientRefs.get(ref, tx);
}

/** Claims `ref` for the request in the creating commit: create() fails if another commit claimed it first. */
export function claimClientRef(
  writer: Writer,
  ref: string,
  request: { id: string; owner_id: string },
  at: string,
): void {
  writer.create(clientRefs.doc(ref), {
    id: ref,
    request_id: request.id,
    owner_id: request.owner_id,
    created_at: at,
    expires_at: new Date(Date.parse(at) + CLIENT_REF_DAYS * 86_400_000).toISOString(),
  });
}
