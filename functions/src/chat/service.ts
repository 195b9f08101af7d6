// The per-disaster chat (spec 4.6, 6.2). Messages are written only here, after validation, to
// `disasters/{disaster_id}/messages/{message_id}`; clients receive them in real time by listening
// to that collection (firestore.rules lets members and admins read it, and nobody write it).
import { chatMessageStore } from './store.js';
import { disasterStore, memberStore } from '../disasters/store.js';
import { userStore } from '../users/store.js';
import { db } from '../data/firestore.js';
import { nothingInCommit, type InCommit } from '../data/staged.js';
import type { Member } from '../disasters/model.js';
import { closedConflict, isAdmin } from '../disasters/service.js';
import { ConflictError, ForbiddenError, NotFoundError } from '../errors.js';
import type { Caller } from '../shared/caller.js';
import { logs } from '../logs.js';
import type { Page, PageQuery } from '../shared/schemas.js';
import type { Message, MessageInput } from './model.js';

/**
 * Members and admins only. Unknown disasters, and suggestions for non-admins, are 404; a
 * suggestion has no chat until it is approved (409 for admins). A closed disaster's chat is
 * read-only: its history stays readable, a new message is a 409.
 */
async function assertChatAccess(caller: Caller, disasterId: string, use: 'read' | 'post'): Promise<Member | null> {
  const disaster = await disasterStore.get(disasterId);
  if (!disaster || (disaster.status === 'suggested' && !isAdmin(caller)))
    throw new NotFoundError('Disaster', disasterId);
  if (disaster.status === 'suggested')
    throw new ConflictError('A suggested disaster has no chat until it is approved.');
  if (disaster.status === 'closed' && use === 'post') throw closedConflict(disasterId);
  if (isAdmin(caller)) return null;
  const member = await memberStore.of(disasterId).get(caller.uid);
  if (!member) throw new ForbiddenError('Only members of this disaster and admins can use its chat; join it first.');
  return member;
}

/**
 * The sender's name comes from their member document, which registration keeps in step with the
 * profile (users/service.ts): no profile read per message on the busiest write path. Admins, who
 * post without joining, are named from their profile. The role is the verified claim.
 */
export async function postMessage(
  caller: Caller,
  disasterId: string,
  input: MessageInput,
  inCommit: InCommit<Message> = nothingInCommit,
): Promise<Message> {
  const member = await assertChatAccess(caller, disasterId, 'post');
  const name = member?.display_name ?? (await userStore.get(caller.uid))?.display_name;
  const ref = chatMessageStore.ref(disasterId).doc();
  const message: Message = {
    id: ref.id,
    disaster_id: disasterId,
    sender_id: caller.uid,
    // Never the e-mail address (or its local part): a profile-less admin is "Dispatcher", and the
    // role the console shows next to every name comes from the verified claim.
    sender_name: name ?? 'Dispatcher',
    sender_role: caller.role ?? member?.role ?? 'admin',
    text: input.text,
    ...(input.client_time === undefined ? {} : { client_time: input.client_time }),
    created_at: new Date().toISOString(),
  };
  const batch = db().batch();
  batch.create(ref, message);
  inCommit(batch, message);
  await batch.commit();
  logs.chatMessagePosted(disasterId, message.id, caller.uid);
  return message;
}

/** The chat history, newest first. */
export async function listMessages(caller: Caller, disasterId: string, query: PageQuery): Promise<Page<Message>> {
  await assertChatAccess(caller, disasterId, 'read');
  return chatMessageStore.of(disasterId).list({}, query);
}
