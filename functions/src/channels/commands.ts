// The feature commands a message calls (conversation.ts names them as data), staged in the
// message's commit: each is the feature's own command (requests/creation.ts, requests/placement.ts,
// tasks/service.ts), nothing of the intake's own. A command that cannot be made after all, what
// it read having changed since the reply was chosen, is refused with the reply that says why.
import type { Transaction } from 'firebase-admin/firestore';
import { taskStore } from '../tasks/store.js';
import { requestStore } from '../requests/store.js';
import { stageConfirmationAnswer } from '../requests/confirmation.js';
import { unchanged, type Staged } from '../data/staged.js';
import { AppError } from '../errors.js';
import { readClientRef } from '../requests/client-refs.js';
import { writeNewRequest } from '../requests/creation.js';
import { stagePlaceNote, stageTextedPoint } from '../requests/placement.js';
import type { Caller } from '../shared/caller.js';
import { shortReference } from '../shared/reference.js';
import { stageStatusMove } from '../tasks/service.js';
import {
  recordOptOut,
  requestStatusReply,
  taskMoveRefusal,
  taskNotFoundReply,
  type CommandResult,
  type IntakeCommand,
  type Sender,
} from './conversation.js';
import { replies } from './replies.js';

/** Reads what the command needs in `tx` and returns its writes: the features' commands, nothing of their own. */
export async function stageCommand(
  tx: Transaction,
  actor: Caller,
  sender: Sender,
  command: IntakeCommand,
  at: string,
): Promise<Staged<CommandResult>> {
  switch (command.kind) {
    case 'create_request': {
      // The form's client reference: its POST may have got through first, then this creates nothing.
      const ref = command.request.client_ref;
      const earlier = ref === undefined ? undefined : await readClientRef(ref, tx);
      if (earlier) {
        const reference = shortReference(earlier.request_id);
        const text = replies(sender.language).alreadyReceived(reference);
        return unchanged({
          requestId: earlier.request_id,
          plan: false,
          refused: { template: 'reply_already_received', text },
        });
      }
      return {
        value: { requestId: command.request.id, plan: false },
        write: () => void writeNewRequest(tx, actor, command.request, at),
      };
    }
    case 'note_place': {
      const noted = await stagePlaceNote(tx, command.request_id, command.note, at);
      return { value: { requestId: command.request_id, plan: false }, write: noted.write };
    }
    case 'set_point': {
      const { request_id: requestId, point, keep_only: keepOnly } = command;
      const located = await stageTextedPoint(tx, actor, requestId, point, keepOnly, at);
      return { value: { requestId, plan: located.value.placed }, write: located.write };
    }
    case 'record_opt_out':
      return { value: { requestId: null, plan: false }, write: () => recordOptOut(tx, sender, command, at) };
    case 'move_task':
      return stageTaskMove(tx, actor, sender, command, at);
    case 'answer_confirmation':
      return stageAnswer(tx, actor, sender, command, at);
  }
}

/**
 * YES or NO, as POST /requests/{req_id}/confirm makes it. A request fulfilled or closed since the
 * reply was chosen is left as it is, and the reply says what it is now.
 */
async function stageAnswer(
  tx: Transaction,
  actor: Caller,
  sender: Sender,
  command: Extract<IntakeCommand, { kind: 'answer_confirmation' }>,
  at: string,
): Promise<Staged<CommandResult>> {
  const requestId = command.request_id;
  try {
    const answered = await stageConfirmationAnswer(tx, actor, requestId, command.still_needed, at);
    return { value: { requestId, plan: false }, write: answered.write };
  } catch (error) {
    const request = error instanceof AppError ? await requestStore.get(requestId, tx) : undefined;
    if (!request) throw error;
    return unchanged({ requestId, plan: false, refused: requestStatusReply(sender.language, request) });
  }
}

/**
 * The task's move, as the endpoint makes it. A task changed since the reply was chosen (cancelled
 * or given to someone else meanwhile: the transaction read it again) is not moved, and the reply
 * says what it is now, or, no longer theirs, the answer that reveals nothing.
 */
async function stageTaskMove(
  tx: Transaction,
  actor: Caller,
  sender: Sender,
  command: Extract<IntakeCommand, { kind: 'move_task' }>,
  at: string,
): Promise<Staged<CommandResult>> {
  try {
    const moved = await stageStatusMove(tx, actor, command.task_id, command.move, at);
    return { value: { requestId: null, plan: false }, write: moved.write };
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    const task = await taskStore.get(command.task_id, tx);
    const refused =
      task?.assigned_to === sender.uid
        ? taskMoveRefusal(sender.language, task, command.move.to)
        : taskNotFoundReply(sender.language, command.reference);
    if (!refused) throw error;
    return unchanged({ requestId: null, plan: false, refused });
  }
}
