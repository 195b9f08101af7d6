import { requestStore } from '../../../requests/store.js';
import { workflowOutputStore } from '../../../workflow/store.js';
import { db } from '../../../data/firestore.js';
import { withinRadius } from '../../../data/nearby.js';
import { PER_RANGE_LIMIT, SEARCH_RADIUS_KM } from '../../../requests/model.js';
import { erased, chunks, ERASURE_PAGE_SIZE, type ErasureRun, type ErasureStep } from '../run.js';

/**
 * The planner's matches on other people's requests: a helper who is gone is no longer offered. The
 * planner matched them within SEARCH_RADIUS_KM of their stored location, so the requests there
 * are searched (at most PER_RANGE_LIMIT per geohash range, as the planner reads).
 */
async function eraseFromMatches(run: ErasureRun): Promise<void> {
  if (run.home === null) return;
  run.checkBudget();
  const { uid } = run;
  const { found } = await withinRadius(requestStore.ref(), run.home, SEARCH_RADIUS_KM, {
    perRangeLimit: PER_RANGE_LIMIT,
  });
  const named = found
    .map(({ item }) => item)
    .filter((request) => request.potential_matches?.responders.some((match) => match.id === uid));
  for (const page of chunks(named, ERASURE_PAGE_SIZE)) {
    run.checkBudget();
    await db().runTransaction(async (tx) => {
      const requests = (await tx.getAll(...page.map((request) => requestStore.doc(request.id)))).map((snapshot) =>
        snapshot.data(),
      );
      const plans = (await tx.getAll(...page.map((request) => workflowOutputStore.doc(request.id)))).map((snapshot) =>
        snapshot.data(),
      );
      const now = new Date().toISOString();
      requests.forEach((request) => {
        const matches = request?.potential_matches;
        if (!request || !matches) return;
        const responders = matches.responders.filter((match) => match.id !== uid);
        // updated_at too: the staff view shows the matches, and live views read changes by it.
        requestStore.updateIn(tx, request.id, {
          potential_matches: { ...matches, responders },
          updated_at: now,
        });
      });
      for (const plan of plans) {
        if (!plan || !JSON.stringify(plan).includes(uid)) continue;
        const tasks = plan.tasks.map((task) =>
          task.suggested_assignee_id === uid ? { ...task, suggested_assignee_id: null } : task,
        );
        workflowOutputStore.updateIn(tx, plan.id, {
          tasks,
          rationale: plan.rationale.split(uid).join(run.pseudonym),
        });
      }
    });
    run.count('matches', page.length);
  }
}

export const matchesErasure: ErasureStep = {
  name: 'matches',
  erases: [
    erased(requestStore, ['potential_matches.responders.id']),
    erased(workflowOutputStore, ['tasks.suggested_assignee_id', 'rationale']),
  ],
  erase: eraseFromMatches,
};
