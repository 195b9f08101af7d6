// Planning a request that just got its point. The planning trigger fires only on a request's
// creation, so the adapters that place one (PUT /requests/{req_id}/location, the SMS and WhatsApp
// intake) start its run here after their commit; the domain never calls the planner.
import { logs } from '../logs.js';

/**
 * How long placing a request waits for its planning run before answering; a run still going on
 * finishes on its own, and one that was lost is picked up by the planning sweeper (pending).
 */
export const PLACEMENT_PLANNING_WAIT_MS = 3000;

/** Starts the planning of a request that just got its point (the trigger only fires on creation). */
export async function planPlacedRequest(requestId: string): Promise<void> {
  // Imported on use: the API's cold start never pays for the planner.
  const run = import('./trigger.js').then(({ handleRequestCreated }) => handleRequestCreated(requestId));
  run.catch((error: unknown) => logs.planningFailed(requestId, 0, 'pending', error));
  let timer: NodeJS.Timeout | undefined;
  const waited = new Promise<void>((resolve) => (timer = setTimeout(resolve, PLACEMENT_PLANNING_WAIT_MS)));
  await Promise.race([
    run.then(
      () => undefined,
      () => undefined,
    ),
    waited,
  ]);
  clearTimeout(timer);
}
