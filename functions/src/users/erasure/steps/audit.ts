import type { AuditRecord } from '../../../audit/model.js';
import { auditStore } from '../../../audit/store.js';
import { requestStore } from '../../../requests/store.js';
import { resourceStore } from '../../../resources/store.js';
import { scrubbedFields } from '../anonymise.js';
import { erased, chunks, IN_QUERY_MAX, inBatches, type ErasureRun, type ErasureStep } from '../run.js';

/**
 * The audit trail: the uid leaves every record that names them, and the records about them or
 * their own requests and resources lose the personal fields of their before/after. Rewriting a
 * record twice gives the same record, so a resumed run changes only what is left.
 */
async function eraseAudit(run: ErasureRun): Promise<void> {
  const { uid, pseudonym } = run;
  const rewrite = (record: AuditRecord, personal: boolean) => ({
    actor_id: record.actor_id === uid ? pseudonym : record.actor_id,
    // Membership records are keyed `<disaster_id>:<uid>` (disasters/membership.ts).
    entity_id:
      record.entity_id === uid
        ? pseudonym
        : record.entity_id.endsWith(`:${uid}`)
          ? `${record.entity_id.slice(0, -uid.length)}${pseudonym}`
          : record.entity_id,
    before: scrubbedFields(record.before, uid, pseudonym, personal),
    after: scrubbedFields(record.after, uid, pseudonym, personal),
    people_ids: record.people_ids.map((id) => (id === uid ? pseudonym : id)),
  });
  const update = async (records: AuditRecord[], personal: (record: AuditRecord) => boolean) => {
    const changed = records
      .map((record) => ({ record, next: rewrite(record, personal(record)) }))
      .filter(
        ({ record, next }) =>
          JSON.stringify(next) !==
          JSON.stringify({
            actor_id: record.actor_id,
            entity_id: record.entity_id,
            before: record.before,
            after: record.after,
            people_ids: record.people_ids,
          }),
      );
    await inBatches(changed, 1, (batch, { record, next }) => auditStore.updateIn(batch, record.id, next));
    return changed.length;
  };
  await run.sweep(
    'audit',
    () => auditStore.ref().where('entity_id', '==', uid),
    (page) => update(page, () => true).then(() => undefined),
  );
  // Both ids: an interrupted run may have anonymised some of their requests and resources already.
  const owned = async (store: typeof requestStore | typeof resourceStore) =>
    (await store.ref().where('owner_id', 'in', [uid, pseudonym]).get()).docs.map((doc) => doc.id);
  const ownedIds = new Set([...(await owned(requestStore)), ...(await owned(resourceStore))]);
  await run.sweep(
    'audit',
    () => auditStore.ref().where('actor_id', '==', uid),
    (page) =>
      update(
        page,
        (record) => ownedIds.has(record.entity_id) || (record.request_id !== null && ownedIds.has(record.request_id)),
      ).then(() => undefined),
  );
  // Others' records that name them only in a changed field: tasks assigned to them, or away from them.
  await run.sweep(
    'audit',
    () => auditStore.ref().where('people_ids', 'array-contains', uid),
    (page) => update(page, () => false).then(() => undefined),
  );
  for (const ids of chunks([...ownedIds], IN_QUERY_MAX)) {
    run.checkBudget();
    for (const field of ['entity_id', 'request_id'] as const) {
      const records = (await auditStore.ref().where(field, 'in', ids).get()).docs.map((doc) => doc.data());
      run.count('audit', await update(records, () => true));
    }
  }
}

export const auditErasure: ErasureStep = {
  name: 'audit',
  erases: [erased(auditStore, ['actor_id', 'entity_id', 'people_ids', 'before', 'after'])],
  erase: eraseAudit,
};
