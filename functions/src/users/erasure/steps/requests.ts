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
 * in progress, so that nobody is sent to a person who is gone, unless others' requests are merged
 * into it (they still wait for that help). Linked tasks are left to the dispatcher, as when an
 * owner withdraws a request (PATCH /requests/{req_id}/status). Where their merged requests are
 * listed as reporters of a survivor, their uid is cleared.
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
        // The survivors their merged requests follow name them as reporters (requests/merges.ts).
        const survivorIds = [...new Set(fresh.flatMap((request) => (request.merge ? [request.merge.into] : [])))];
        const survivors = (await requestStore.getAll(survivorIds, tx)).filter((r): r is HelpRequest => !!r);
        const now = new Date().toISOString();
        for (const message of messages) inboundMessageStore.updateIn(tx, message.id, { request_id: null });
        for (const survivor of survivors) {
          // Kept in the list (unmerge still finds it), without who: nobody is told any more.
          const merged_reports = survivor.merged_reports.map((report) =>
            report.owner_id === run.uid ? { ...report, owner_id: null } : report,
          );
          requestStore.updateIn(tx, survivor.id, { merged_reports, updated_at: now });
        }
        fresh.forEach((request, i) => {
          // A survivor others' merged requests follow still needs help for them: kept open, anonymised.
          const withdrawn =
            (request.status === 'open' || request.status === 'in_progress') &&
            !request.merged_reports.some((report) => report.owner_id !== null && report.owner_id !== run.uid);
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
    erased(requestStore, [
      'owner_id',
      'description',
      'location_text',
      'requester_contact',
      'location',
      'geohash',
      'merged_reports.owner_id',
    ]),
    erased(inboundMessageStore, ['request_id']),
    erased(workflowOutputStore, ['rationale']),
  ],
  erase: eraseRequests,
};
