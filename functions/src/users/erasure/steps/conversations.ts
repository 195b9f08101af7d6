import { conversationStore } from '../../../chatbot/store.js';
import { erased, inBatches, type ErasureRun, type ErasureStep } from '../run.js';

/** Their assistant conversations: deleted. */
async function eraseConversations(run: ErasureRun): Promise<void> {
  await run.sweep(
    'conversations',
    () => conversationStore.ref().where('owner_id', '==', run.uid),
    (page) => inBatches(page, 1, (batch, conversation) => batch.delete(conversationStore.doc(conversation.id))),
  );
}

export const conversationsErasure: ErasureStep = {
  name: 'conversations',
  erases: [erased(conversationStore, ['owner_id', 'messages.text'])],
  erase: eraseConversations,
};
