import type { Transaction, WriteBatch } from 'firebase-admin/firestore';

/**
 * "Read first, then write" (docs/architecture.md): Firestore transactions do every read before any
 * write, so a command that takes part in a caller's transaction reads and checks all it needs
 * first, and returns what it decided with the writes that make it; the caller stages those writes
 * once every command has read. The time of the change is given when staging.
 */
export interface Staged<T> {
  value: T;
  write: () => void;
}

/** A command that decided to change nothing. */
export function unchanged<T>(value: T): Staged<T> {
  return { value, write: () => undefined };
}

/**
 * Writes that another layer adds to a command's commit, given what the command made: the stored
 * answer of a call sent with an Idempotency-Key (idempotency/store.ts), so that the answer exists
 * exactly when the change does. A command that takes one calls it in every commit that changes
 * something.
 */
export type InCommit<T> = (writer: Transaction | WriteBatch, made: T) => void;

/** No writes to add: the call came without an Idempotency-Key. */
export const nothingInCommit: InCommit<unknown> = () => undefined;
