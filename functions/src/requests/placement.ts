// Placing a request that waits for its point (SMS and WhatsApp intake, docs/channels.md): by a
// dispatcher (PUT /requests/{req_id}/location) or by the person's next message, and the place
// notes a person texts. The intake calls these commands; it never writes a request itself.
import type { Transaction } from 'firebase-admin/firestore';
import { requestStore } from './store.js';
import { db } from '../data/firestore.js';
import { unchanged, type Staged } from '../data/staged.js';
import type { Disaster } from '../disasters/model.js';
import { requireConfirmedDisaster } from '../disasters/service.js';
import { ConflictError, ValidationError } from '../errors.js';
import { recordEvent, type EventActor } from '../events/record.js';
import type { Caller } from '../shared/caller.js';
import { geohashOf } from '../shared/geo.js';
import type { Location } from '../shared/schemas.js';
import { confirmedDisasters, isInArea } from './creation.js';
import type { HelpRequest, RequestView } from './model.js';
import { toRequestView } from './visibility.js';

export interface RequestPlacement {
  location: Location;
  /** The disaster named by a dispatcher; otherwise chosen from the point. */
  disaster_id?: string | undefined;
}

/** The confirmed disasters whose area (radius plus margin) holds the point. */
export async function disastersHolding(location: Location): Promise<Disaster[]> {
  return (await confirmedDisasters()).filter((disaster) => isInArea(location, disaster));
}

/**
 * The disaster a point places a request in: the one named (its area must hold the point), else
 * the only confirmed disaster whose area holds it, else the request's current one if it holds it.
 */
async function disasterOfPlacement(request: HelpRequest, placement: RequestPlacement, tx: Transaction) {
  if (placement.disaster_id !== undefined) {
    const named = await requireConfirmedDisaster(placement.disaster_id, null, tx);
    if (!isInArea(placement.location, named)) {
      throw new ValidationError([
        { path: 'body.location', message: `lies outside the area of disaster ${JSON.stringify(named.name)}` },
      ]);
    }
    return named;
  }
  const holding = await disastersHolding(placement.location);
  if (holding.length === 1) return holding[0]!;
  const current = holding.find((disaster) => disaster.id === request.disaster_id);
  if (current) return current;
  throw new ValidationError([
    {
      path: 'body.location',
      message:
        holding.length === 0
          ? 'lies in the area of no confirmed disaster'
          : `lies in the areas of ${holding.length} disasters; name one with disaster_id`,
    },
  ]);
}

/**
 * Read first, then write (data/staged.ts): checks that the request waits for its point and chooses
 * its disaster (reads in `tx`); the write moves it there, ready for planning, with its
 * `request.located` event. The value: the request as placed.
 */
export async function readPlacement(
  tx: Transaction,
  actor: EventActor,
  request: HelpRequest,
  placement: RequestPlacement,
  at: string,
): Promise<Staged<HelpRequest>> {
  if (request.planning.state !== 'awaiting_location') {
    throw new ConflictError(
      `Request ${request.id} already has its location (planning.state ${request.planning.state}).`,
    );
  }
  const disaster = await disasterOfPlacement(request, placement, tx);
  const changes = {
    location: placement.location,
    geohash: geohashOf(placement.location),
    disaster_id: disaster.id,
    // Placing it is the triage a request queued for it waited for (QUEUED_FOR_TRIAGE).
    planning: { ...request.planning, state: 'pending' as const, last_error: null, updated_at: at },
    updated_at: at,
  };
  // Its former disaster's change feed reports the move (the request was read in this transaction).
  const movedFrom =
    disaster.id === request.disaster_id ? {} : { moved_from: [...(request.moved_from ?? []), request.disaster_id] };
  return {
    value: { ...request, ...changes, ...movedFrom },
    write() {
      requestStore.updateIn(tx, request.id, { ...changes, ...movedFrom });
      recordEvent(
        tx,
        actor,
        {
          type: 'request.located',
          entity_id: request.id,
          before: { disaster_id: request.disaster_id, planning_state: 'awaiting_location' },
          after: { disaster_id: disaster.id, planning_state: 'pending' },
          disaster_id: disaster.id,
          request_id: request.id,
        },
        at,
      );
    },
  };
}

/**
 * A point the person texted for their request waiting for one (read in `tx`: a dispatcher may
 * have placed it meanwhile, and then the text changes nothing). It places the request, unless
 * `keepOnly` (the intake is over its limits and a dispatcher triages it) or the point lies in no
 * disaster's area or in several: then the point is kept for the dispatcher. The value: whether the
 * request was placed (its planning is then to start).
 */
export async function stageTextedPoint(
  tx: Transaction,
  actor: EventActor,
  requestId: string,
  point: Location,
  keepOnly: boolean,
  at: string,
): Promise<Staged<{ placed: boolean }>> {
  const current = await requestStore.get(requestId, tx);
  if (current?.planning.state !== 'awaiting_location') return unchanged({ placed: false });
  const keepPoint = {
    value: { placed: false },
    write: () => requestStore.updateIn(tx, requestId, { location: point, geohash: geohashOf(point), updated_at: at }),
  };
  if (keepOnly) return keepPoint;
  try {
    const placement = await readPlacement(tx, actor, current, { location: point }, at);
    return { value: { placed: true }, write: placement.write };
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    return keepPoint;
  }
}

/** How much of the person's own words about where they are a request keeps. */
export const LOCATION_TEXT_CHARS = 500;

/**
 * A place note the person texted, added to the one their request has (read in `tx`): appended
 * after it, never in its place. The SMS sender is not authenticated (security review 3, S1): a
 * later text must not replace a note a dispatcher may already have read. Past LOCATION_TEXT_CHARS
 * nothing more is kept.
 */
export async function stagePlaceNote(
  tx: Transaction,
  requestId: string,
  note: string,
  at: string,
): Promise<Staged<void>> {
  const current = (await requestStore.get(requestId, tx))?.location_text ?? null;
  const joined = current === null || current === '' ? note : `${current}\n${note}`;
  return {
    value: undefined,
    write: () =>
      requestStore.updateIn(tx, requestId, {
        location_text: joined.slice(0, LOCATION_TEXT_CHARS),
        updated_at: at,
      }),
  };
}

/**
 * PUT /requests/{req_id}/location: admins and responders (checked by the declaration). Planning
 * the placed request is the caller's next step (planning/placed.ts): the domain never runs the planner.
 */
export function locateRequest(caller: Caller, id: string, placement: RequestPlacement): Promise<HelpRequest> {
  const at = new Date().toISOString();
  return db().runTransaction(async (tx) => {
    const request = await requestStore.require(id, 'Request', tx);
    const staged = await readPlacement(tx, caller, request, placement, at);
    staged.write();
    return staged.value;
  });
}

/** The staff view of a request as stored now (after its planning ran, or as placed if it is gone). */
export async function staffViewNow(request: HelpRequest): Promise<RequestView> {
  return toRequestView((await requestStore.get(request.id)) ?? request, 'staff');
}
