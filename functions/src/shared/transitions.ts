// Status machines as data: the table is the documentation, the check, and the error message.
import { InvalidTransitionError } from '../errors.js';

export interface TransitionTable<S extends string> {
  readonly entity: string;
  readonly next: Readonly<Record<S, readonly S[]>>;
  /** Throws 409 invalid_transition unless `from → to` is in the table. */
  assert(from: S, to: S): void;
  allows(from: S, to: S): boolean;
  isFinal(state: S): boolean;
}

export function transitionTable<S extends string>(entity: string, next: Record<S, readonly S[]>): TransitionTable<S> {
  const allows = (from: S, to: S) => next[from].includes(to);
  return {
    entity,
    next,
    allows,
    isFinal: (state) => next[state].length === 0,
    assert(from, to) {
      if (!allows(from, to)) throw new InvalidTransitionError(entity, from, to, next[from]);
    },
  };
}
