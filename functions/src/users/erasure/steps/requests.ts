import { recordEvent } from '../../../events/record.js';
import { type Changes } from '../../../data/collections.js';
import { inboundMessageStore } from '../../../channels/store.js';
import { requestStore } from '../../../requests/store.js';
import { workflowOutputStore } from '../../../workflow/store.js';
import { db } from '../../../data/firestore.js';
import type { HelpRequest } from '../../../requests/model.js';
import { coarsened, ERASED_TEXT } from '../anonymise.js';
import { erased, chunks, IN_QUERY_MAX, type ErasureRun, type ErasureStep } from '../run.js';

/**
 * Requests they own: anonymised (owner, free text, exact point), and withdrawn while still open or
 * in progress, so that nobody is sent to a person who is gone. Linked tasks are left to the
 * dispatcher, as when an owner withdraws a request (PATCH /requests/{req_id}/status).
 */
async function eraseRequests(run: ErasureRun): Promise<void> {
  await run.sweep(
    'requests',
    () => requestStore.ref().where('owner_id', '==', run.uid),
    async (page) => {
      // The messages that raised or placed them (Twilio's log maps a MessageSid to the number):
      // SMS and WhatsApp requests only. Read before the transaction: a message's request_id is
      // written once, when the message is claimed.
      const texted = page.filter((request) => request.channel !== 'app').map((request) => request.id);
      const messages = (
        await Promise.all(
          chunks(texted, IN_QUERY_MAX).map((ids) => inboundMessageStore.ref().where('request_id', 'in', ids).get()),
        )
      ).flatMap((snapshot) => snapshot.docs);
      await db().runTransaction(async (tx) => {
        const refs = page.map((request) => requestStore.doc(request.id));
        const fresh = (await tx.getAll(...refs))
          .map((snapshot) => snapshot.data())
          .filter((r): r is HelpRequest => r?.owner_id === run.uid);
        const plans =
          fresh.length === 0 ? [] : await tx.getAll(...fresh.map((request) => workflowOutputStore.doc(request.id)));
        const now = new Date().toISOString();
        for (const message of messages) inboundMessageStore.updateIn(tx, message.id, { request_id: null });
        fresh.forEach((request, i) => {
          const withdrawn = request.status === 'open' || request.status === 'in_progress';
          const changes: Changes<HelpRequest> = {
            owner_id: run.pseudonym,
            description: ERASED_TEXT,
            // Where they said they are, in their words; how to reach them.
            location_text: null,
            requester_contact: null,
            ...coarsened(request.location),
            updated_at: now,
            ...(withdrawn
              ? { status: 'closed' as const, closed_reason: 'withdrawn' as const, status_changed_at: now }
              : {}),
          };
          requestStore.updateIn(tx, request.id, changes);
          // A Gemini rationale may quote the description.
          if (plans[i]?.exists) workflowOutputStore.updateIn(tx, request.id, { rationale: ERASED_TEXT });
          if (withdrawn) {
            recordEvent(
              tx,
              'system',
              {
                type: 'request.status_changed',
                entity_id: request.id,
                before: { status: request.status },
                after: { status: 'closed', closed_reason: 'withdrawn', reason: 'owner_erased' },
                disaster_id: request.disaster_id,
                request_id: request.id,
              },
              now,
              { request },
            );
          }
        });
      });
    },
  );
}

export const requestsErasure: ErasureStep = {
  name: 'requests',
  erases: [
    erased(requestStore, ['owner_id', 'description', 'location_text', 'requester_contact', 'location', 'geohash']),
    erased(inboundMessageStore, ['request_id']),
    erased(workflowOutputStore, ['rationale']),
  ],
  erase: eraseRequests,
};
