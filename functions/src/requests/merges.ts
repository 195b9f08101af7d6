// Reversible merges (issue 26, item 2): a dispatcher closes a request as the duplicate of another
// (the survivor), whose reporters then number one more; unmerge restores both. Never automatic.
//
// The merged request keeps its owner, tasks and history; it is closed with closed_reason
// `duplicate`, `duplicate_of` the survivor, and `merge` holding what unmerge restores. The
// survivor lists it in `merged_reports` (with its owner) and counts it in `report_count`. Its
// owner then sees their own request following the survivor (requests/visibility.ts) and hears of
// the survivor's changes under their own reference (events/notices.ts, toRequester). Who may
// merge: the declarations' access (staff).
import type { Transaction } from 'firebase-admin/firestore';
import { db } from '../data/firestore.js';
import { ConflictError, NotFoundError, ValidationError } from '../errors.js';
import { recordEvent } from '../events/record.js';
import type { EventOf } from '../events/types.js';
import type { Caller } from '../shared/caller.js';
import { shortReference } from '../shared/reference.js';
import type { HelpRequest, MergeResult } from './model.js';
import type { MergeInput } from './inputs.js';
import { confirmationChanges } from './confirmation-state.js';
import { requestStore } from './store.js';
import { toRequestView } from './visibility.js';

const ENDED: readonly HelpRequest['status'][] = ['fulfilled', 'closed'];

/** A 409 with a stable `reason` (and what the caller needs to act on it). */
function refused(reason: string, message: string, extensions: Record<string, unknown> = {}): ConflictError {
  return new ConflictError(message, { reason, ...extensions });
}

function resultOf(merged: HelpRequest, survivor: HelpRequest): MergeResult {
  return {
    merged: toRequestView(merged, 'staff') as MergeResult['merged'],
    survivor: toRequestView(survivor, 'staff') as MergeResult['survivor'],
  };
}

/** Writes both requests' changes and the event in the transaction; answers both as they now are. */
function commitPair(
  tx: Transaction,
  caller: Caller,
  [request, changes]: [HelpRequest, Partial<HelpRequest>],
  [survivor, survivorChanges]: [HelpRequest, Partial<HelpRequest>],
  at: string,
  event: EventOf<'request.merged'> | EventOf<'request.unmerged'>,
): MergeResult {
  requestStore.updateIn(tx, request.id, changes);
  requestStore.updateIn(tx, survivor.id, survivorChanges);
  recordEvent(tx, caller, event, at);
  return resultOf({ ...request, ...changes }, { ...survivor, ...survivorChanges });
}

/** Both requests read in the transaction (one round trip), or a 404 naming the missing one. */
async function readPair(tx: Transaction, id: string, otherId: string): Promise<[HelpRequest, HelpRequest]> {
  const [request, other] = await requestStore.getAll([id, otherId], tx);
  if (!request) throw new NotFoundError('Request', id);
  if (!other) throw new NotFoundError('Request', otherId);
  return [request, other];
}

/** Why `request` may not be merged into `survivor`, checked on what the transaction read. */
function checkMerge(request: HelpRequest, survivor: HelpRequest): void {
  const ref = (r: HelpRequest) => shortReference(r.id);
  if (request.merge) {
    throw refused(
      'already_merged',
      `Request ${ref(request)} is merged into ${shortReference(request.merge.into)} already; unmerge it first.`,
      {
        survivor_id: request.merge.into,
      },
    );
  }
  if (request.disaster_id !== survivor.disaster_id) {
    throw refused(
      'different_disasters',
      `Requests ${ref(request)} and ${ref(survivor)} belong to different disasters.`,
    );
  }
  if (ENDED.includes(request.status)) {
    throw refused(
      'request_ended',
      `Request ${ref(request)} is ${request.status}; only an open or in-progress request is merged.`,
    );
  }
  if (survivor.merge) {
    // A chain would leave its reporters following a closed request: name the real survivor.
    throw refused(
      'survivor_merged',
      `Request ${ref(survivor)} is itself merged into ${shortReference(survivor.merge.into)}; merge into that one.`,
      { survivor_id: survivor.merge.into },
    );
  }
  if (ENDED.includes(survivor.status)) {
    throw refused(
      'survivor_ended',
      `Request ${ref(survivor)} is ${survivor.status}; merge only into an open or in-progress request.`,
    );
  }
  if (request.merged_reports.length > 0) {
    // Its reporters follow it: moving them on silently would make unmerge ambiguous.
    throw refused(
      'has_merged_reports',
      `Other requests are merged into ${ref(request)}; unmerge them first, or merge ${ref(survivor)} into it instead.`,
    );
  }
}

/**
 * POST /requests/{req_id}/merge: `id` closed as the duplicate of `input.into`, in one transaction.
 * The same merge again answers the state as it is and writes nothing.
 */
export async function mergeRequest(caller: Caller, id: string, input: MergeInput): Promise<MergeResult> {
  if (input.into === id) {
    throw new ValidationError([{ path: 'body.into', message: 'is the request itself; name the request it repeats' }]);
  }
  return db().runTransaction(async (tx) => {
    const [request, survivor] = await readPair(tx, id, input.into);
    if (request.merge?.into === survivor.id) return resultOf(request, survivor);
    checkMerge(request, survivor);
    const at = new Date().toISOString();
    const merged = {
      status: 'closed' as const,
      closed_reason: 'duplicate' as const,
      duplicate_of: survivor.id,
      merge: {
        into: survivor.id,
        reason: input.reason,
        merged_at: at,
        previous: {
          status: request.status,
          closed_reason: request.closed_reason,
          duplicate_of: request.duplicate_of,
          status_changed_at: request.status_changed_at,
        },
      },
      status_changed_at: at,
      updated_at: at,
    };
    const reports = [...survivor.merged_reports, { request_id: request.id, owner_id: request.owner_id, merged_at: at }];
    const gained = { merged_reports: reports, report_count: 1 + reports.length, updated_at: at };
    return commitPair(tx, caller, [request, merged], [survivor, gained], at, {
      type: 'request.merged',
      entity_id: request.id,
      before: { status: request.status, closed_reason: request.closed_reason, duplicate_of: request.duplicate_of },
      after: {
        status: 'closed',
        closed_reason: 'duplicate',
        duplicate_of: survivor.id,
        reason: input.reason,
        survivor_report_count: gained.report_count,
      },
      disaster_id: request.disaster_id,
      request_id: request.id,
    });
  });
}

/**
 * POST /requests/{req_id}/unmerge: the merged request back to its status, closed_reason and
 * duplicate_of before the merge, and the survivor without it. A request not merged is a 409.
 */
export async function unmergeRequest(caller: Caller, id: string): Promise<MergeResult> {
  return db().runTransaction(async (tx) => {
    const request = await requestStore.get(id, tx);
    if (!request) throw new NotFoundError('Request', id);
    const merge = request.merge;
    if (!merge) throw refused('not_merged', `Request ${shortReference(id)} is not merged into another.`);
    const survivor = await requestStore.require(merge.into, 'Request', tx);
    const at = new Date().toISOString();
    const { previous } = merge;
    const restored = {
      // The whole re-confirmation state with the status: the store derives its due time again
      // (the merge, closing the request, had cleared it).
      ...confirmationChanges(request, {}),
      status: previous.status,
      closed_reason: previous.closed_reason,
      duplicate_of: previous.duplicate_of,
      merge: null,
      status_changed_at: at,
      updated_at: at,
    };
    const remaining = survivor.merged_reports.filter((report) => report.request_id !== request.id);
    const lost = {
      merged_reports: remaining,
      report_count: 1 + remaining.length,
      updated_at: at,
    };
    return commitPair(tx, caller, [request, restored], [survivor, lost], at, {
      type: 'request.unmerged',
      entity_id: request.id,
      before: { status: 'closed', closed_reason: 'duplicate', duplicate_of: survivor.id },
      after: {
        status: previous.status,
        closed_reason: previous.closed_reason,
        duplicate_of: previous.duplicate_of,
        survivor_report_count: lost.report_count,
      },
      disaster_id: request.disaster_id,
      request_id: request.id,
    });
  });
}
