import { chatMessageStore } from '../../../chat/store.js';
import { disasterStore } from '../../../disasters/store.js';
import { ERASED_TEXT, FORMER_MEMBER_NAME } from '../anonymise.js';
import { erased, inBatches, MAX_WRITES_PER_COMMIT, type ErasureRun, type ErasureStep } from '../run.js';

/**
 * Chat messages: found per disaster (no collection-group queries on the embedded emulator, and a
 * member who left has no membership to follow), over every disaster: one query each, and
 * disasters are few.
 */
async function eraseMessages(run: ErasureRun): Promise<void> {
  let last: string | null = null;
  for (;;) {
    run.checkBudget();
    let query = disasterStore.ref().orderBy('sort_key').limit(MAX_WRITES_PER_COMMIT);
    if (last !== null) query = query.where('sort_key', '>', last);
    const disasters = (await query.get()).docs;
    if (disasters.length === 0) return;
    for (const disaster of disasters) {
      await run.sweep(
        'messages',
        () => chatMessageStore.ref(disaster.id).where('sender_id', '==', run.uid),
        (page) =>
          inBatches(page, 1, (batch, message) =>
            chatMessageStore.of(disaster.id).updateIn(batch, message.id, {
              sender_id: run.pseudonym,
              sender_name: FORMER_MEMBER_NAME,
              text: ERASED_TEXT,
            }),
          ),
      );
    }
    last = String(disasters.at(-1)!.get('sort_key'));
  }
}

export const chatErasure: ErasureStep = {
  name: 'messages',
  erases: [erased(chatMessageStore, ['sender_id', 'sender_name', 'text'])],
  erase: eraseMessages,
};
