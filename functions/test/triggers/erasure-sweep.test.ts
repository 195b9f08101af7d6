// The erasure's paging (users/erasure/run.ts, ErasureRun.sweep), on the embedded emulator for its
// counters: what sweeping a place where a person appears reads. The erasure itself is covered
// over the wire in test/erasure.test.ts.
import assert from 'node:assert/strict';
import { db } from '../../src/data/firestore.js';
import { ERASURE_PAGE_SIZE, ErasureRun } from '../../src/users/erasure/run.js';
import { uniqueId } from '../helpers/api.js';
import { emptyFirestore, readsDuring } from './harness.js';

const PLACE = 'erasure_sweep_place';

async function sweepOf(uid: string, documents: number) {
  const place = db().collection(PLACE);
  await Promise.all(Array.from({ length: documents }, (_, i) => place.doc(`${uid}-${i}`).set({ uid, i })));
  const run = new ErasureRun(uid, `pseudonym-${uid}`, null, 60_000);
  const { byCollection, emptyQueries } = await readsDuring(() =>
    run.sweep(
      'personal',
      () => place.where('uid', '==', uid),
      async (page) => {
        const batch = db().batch();
        for (const doc of page) batch.delete(place.doc(`${uid}-${String((doc as { i: number }).i)}`));
        await batch.commit();
      },
    ),
  );
  const left = (await place.where('uid', '==', uid).get()).size;
  return { reads: { byCollection, emptyQueries }, left, counted: run.counts.personal ?? 0 };
}

describe('erasure: sweeping a place', () => {
  before(emptyFirestore);

  it('a page shorter than the page size is the last: no query again for an empty answer', async () => {
    // Before: the page of 2, then the same query once more, empty (one more billed read).
    assert.deepEqual(await sweepOf(uniqueId('few'), 2), {
      reads: { byCollection: { [PLACE]: 2 }, emptyQueries: 0 },
      left: 0,
      counted: 2,
    });
  });

  it('nothing there costs the one empty query; a full page is followed by the next one', async () => {
    assert.deepEqual(await sweepOf(uniqueId('none'), 0), {
      reads: { byCollection: {}, emptyQueries: 1 },
      left: 0,
      counted: 0,
    });
    assert.deepEqual(await sweepOf(uniqueId('full'), ERASURE_PAGE_SIZE + 1), {
      reads: { byCollection: { [PLACE]: ERASURE_PAGE_SIZE + 1 }, emptyQueries: 0 },
      left: 0,
      counted: ERASURE_PAGE_SIZE + 1,
    });
  });
});
