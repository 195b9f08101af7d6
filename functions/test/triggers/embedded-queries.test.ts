// The embedded Firestore emulator's quick string filters (dev/embedded-firestore.ts): it leaves
// out first the documents whose string fields fail a query's string comparisons, then applies
// every filter as the emulator does. These queries mix what that first pass must not get wrong:
// a field stored as a number or a Timestamp where the filter compares strings, a missing field,
// `in`, ranges on two fields, OR (not pre-filtered), orderBy and limit. The trigger tests run
// on the embedded emulator, so this file does too.
import assert from 'node:assert/strict';
import { Filter, Timestamp } from 'firebase-admin/firestore';
import { db } from '../../src/data/firestore.js';
import { emptyFirestore } from './harness.js';

const COLLECTION = 'embedded_query_checks';
const DOCS: Record<string, Record<string, unknown>> = {
  a: { kind: 'x', code: 'b1', n: 1, at: Timestamp.fromMillis(1_000) },
  b: { kind: 'x', code: 'b5', n: 2, at: Timestamp.fromMillis(2_000) },
  c: { kind: 'y', code: 'c0', n: 3, at: Timestamp.fromMillis(3_000) },
  d: { kind: 'x', code: 7, n: 4, at: Timestamp.fromMillis(4_000) },
  e: { kind: 'z', n: 5, at: Timestamp.fromMillis(5_000) },
  f: { kind: null, code: 'b2', n: 6, at: Timestamp.fromMillis(6_000) },
};

const ids = async (query: FirebaseFirestore.Query) => (await query.get()).docs.map((doc) => doc.id);
const checks = () => db().collection(COLLECTION);

describe("the embedded emulator: quick string filters keep the emulator's answers", () => {
  before(async () => {
    await emptyFirestore();
    const batch = db().batch();
    for (const [id, data] of Object.entries(DOCS)) batch.set(checks().doc(id), data);
    await batch.commit();
  });

  it('== and in on strings, a number where a string is compared, a missing field', async () => {
    assert.deepEqual(await ids(checks().where('kind', '==', 'x').orderBy('n')), ['a', 'b', 'd']);
    assert.deepEqual(await ids(checks().where('kind', 'in', ['y', 'z']).orderBy('n')), ['c', 'e']);
    assert.deepEqual(await ids(checks().where('code', '==', 7)), ['d']);
  });

  it('ranges on strings leave out numbers and missing fields; a second range on a Timestamp, ordered and limited', async () => {
    assert.deepEqual(await ids(checks().where('code', '>=', 'b').where('code', '<=', 'b~').orderBy('code')), [
      'a',
      'f',
      'b',
    ]);
    assert.deepEqual(await ids(checks().where('code', '>', 'b1').orderBy('code')), ['f', 'b', 'c']);
    const twoRanges = checks()
      .where('kind', '==', 'x')
      .where('code', '>=', 'b')
      .where('code', '<=', 'b~')
      .where('at', '>=', Timestamp.fromMillis(1_500))
      .orderBy('code')
      .orderBy('at');
    assert.deepEqual(await ids(twoRanges), ['b']);
    assert.deepEqual(await ids(checks().where('code', '<', 'c').orderBy('code', 'desc').limit(2)), ['b', 'f']);
  });

  it('OR queries are answered as before', async () => {
    const either = checks().where(Filter.or(Filter.where('kind', '==', 'y'), Filter.where('code', '==', 'b1')));
    assert.deepEqual((await ids(either)).sort(), ['a', 'c']);
  });
});
