import assert from 'node:assert/strict';
import { disasterStore } from '../../src/disasters/store.js';
import { observationStore } from '../../src/observations/store.js';
import { db } from '../../src/data/firestore.js';
import { suggestDisasters } from '../../src/index.js';
import type { Observation } from '../../src/observations/model.js';
import type { Location } from '../../src/shared/schemas.js';
import { uniqueId } from '../helpers/api.js';
import { observationValue } from '../helpers/disasters.js';
import { north, spot } from '../helpers/planning-fixtures.js';
import {
  createdSnapshot,
  documentCreated,
  emptyFirestore,
  firestoreTriggerOf,
  functionsTestSdk,
  rawDocument,
  writesDuring,
} from './harness.js';

/** An observation as POST /observations stores it; a different reporter each unless told. */
async function storeObservation(location: Location, overrides: Partial<Observation> = {}): Promise<Observation> {
  const value = observationValue(location, overrides);
  await observationStore.doc(value.id).create(value);
  return value;
}

async function suggestions(): Promise<string[]> {
  return (await db().collection('disasters').where('status', '==', 'suggested').get()).docs.map((doc) => doc.id).sort();
}

describe('suggestDisasters (onDocumentCreated observations/{observation_id}), wrapped by firebase-functions-test', () => {
  const suggestDisastersWrapped = functionsTestSdk.wrap(firestoreTriggerOf(suggestDisasters));
  beforeEach(emptyFirestore);

  /** Three reports within a few km (the default thresholds: 3 observations, 2 reporters). */
  async function cluster(): Promise<Observation[]> {
    const at = spot();
    const members: Observation[] = [];
    for (const km of [0, 1, 2]) members.push(await storeObservation(north(at, km)));
    return members;
  }

  it("suggests a disaster for the cluster of the event's observation, with its evidence", async () => {
    const members = await cluster();
    const elsewhere = await storeObservation(spot());
    const newest = members[2]!;

    const written = await writesDuring(async () =>
      suggestDisastersWrapped(await documentCreated('observations', 'observation_id', newest.id)),
    );

    // The id comes from the cluster's oldest observation: two deliveries cannot make two suggestions.
    const disasterId = `agent-${members[0]!.id}`;
    assert.deepEqual(await suggestions(), [disasterId]);
    const suggestion = (await disasterStore.doc(disasterId).get()).data();
    assert.equal(suggestion?.status, 'suggested');
    assert.equal(suggestion?.created_by, 'agent');
    assert.deepEqual([...(suggestion?.suggestion?.observation_ids ?? [])].sort(), members.map((o) => o.id).sort());
    assert.equal(suggestion?.suggestion?.summarized_by, 'deterministic', 'no Gemini key: the deterministic summary');
    for (const member of members)
      assert.equal((await rawDocument(`agent_evidence/${member.id}`))?.disaster_id, disasterId);
    assert.equal(await rawDocument(`agent_evidence/${elsewhere.id}`), undefined, 'a report far away is no evidence');
    assert.deepEqual(written, { disasters: 1, audit_log: 1, agent_evidence: 3 });
  });

  it('delivered twice, suggests once: the second delivery writes nothing', async () => {
    const members = await cluster();
    const event = await documentCreated('observations', 'observation_id', members[2]!.id);
    await suggestDisastersWrapped(event);
    const disasterId = `agent-${members[0]!.id}`;
    const afterFirst = await rawDocument(`disasters/${disasterId}`);

    assert.deepEqual(await writesDuring(() => suggestDisastersWrapped(event)), {});
    assert.deepEqual(await suggestions(), [disasterId]);
    assert.deepEqual(await rawDocument(`disasters/${disasterId}`), afterFirst);
  });

  it('an observation with too few neighbours suggests nothing and writes nothing', async () => {
    const at = spot();
    await storeObservation(at);
    const second = await storeObservation(north(at, 1));
    assert.deepEqual(
      await writesDuring(async () =>
        suggestDisastersWrapped(await documentCreated('observations', 'observation_id', second.id)),
      ),
      {},
    );
    assert.deepEqual(await suggestions(), []);
  });

  it('an observation deleted before its delivery (erased): done, nothing written', async () => {
    const members = await cluster();
    const goneId = uniqueId('obs');
    const event = await documentCreated('observations', 'observation_id', goneId, {
      created: createdSnapshot(`observations/${goneId}`, { id: goneId, type: 'flooding' }),
    });
    assert.deepEqual(await writesDuring(() => suggestDisastersWrapped(event)), {});
    assert.deepEqual(await suggestions(), []);
    assert.equal(await rawDocument(`agent_evidence/${members[0]!.id}`), undefined);
  });

  it('an event without the observation_id param is dropped, not retried, and writes nothing', async () => {
    const members = await cluster();
    const { params: _params, ...withoutParams } = await documentCreated(
      'observations',
      'observation_id',
      members[2]!.id,
    );
    assert.deepEqual(await writesDuring(() => suggestDisastersWrapped(withoutParams)), {});
    assert.deepEqual(await suggestions(), []);
  });
});
