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
