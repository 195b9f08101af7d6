import { observationStore } from '../../../observations/store.js';
import { coarsened, ERASED_TEXT } from '../anonymise.js';
import { erased, inBatches, type ErasureRun, type ErasureStep } from '../run.js';

/** Observations they reported: kept for the agent's per-area evidence, without who, their words or their exact point. */
async function eraseObservations(run: ErasureRun): Promise<void> {
  await run.sweep(
    'observations',
    () => observationStore.ref().where('reporter_id', '==', run.uid),
    (page) =>
      inBatches(page, 1, (batch, observation) =>
        observationStore.updateIn(batch, observation.id, {
          reporter_id: run.pseudonym,
          description: ERASED_TEXT,
          ...coarsened(observation.location),
        }),
      ),
  );
}

export const observationsErasure: ErasureStep = {
  name: 'observations',
  erases: [erased(observationStore, ['reporter_id', 'description', 'location', 'geohash'])],
  erase: eraseObservations,
};
