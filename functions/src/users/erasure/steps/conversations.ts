import { collections } from '../../../data/collections.js';
import { inBatches, type ErasureRun, type ErasureStep } from '../run.js';

/** Their assistant conversations: deleted. */
async function eraseConversations(run: ErasureRun): Promise<void> {
  await run.sweep(
    'conversations',
    () => collections.conversations.ref().where('owner_id', '==', run.uid),
    (page) => inBatches(page, 1, (batch, conversation) => batch.delete(collections.conversations.doc(conversation.id))),
  );
}

export const conversationsErasure: ErasureStep = {
  name: 'conversations',
  erases: { conversations: ['owner_id', 'messages.text'] },
  erase: eraseConversations,
};
