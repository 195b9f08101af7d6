// One erasure call's work: its time budget, its counts for the log line, paging through what
// still names the person, and commits of at most 500 writes. The steps (steps/*.ts) run on it.
import type { Query, WriteBatch } from 'firebase-admin/firestore';
import type { AnyStore, Collection, Entity, PersonFieldPath, Subcollection } from '../../data/collections.js';
import { db } from '../../data/firestore.js';
import type { Location } from '../../shared/schemas.js';

/** Documents read per query page; each is changed in one transaction (at most 3 writes each). */
export const ERASURE_PAGE_SIZE = 100;
/** Values of one Firestore `in` filter. */
export const IN_QUERY_MAX = 30;
/** Firestore's limit on the writes of one commit. */
export const MAX_WRITES_PER_COMMIT = 500;

export type ErasureStepName =
  | 'requests'
  | 'matches'
  | 'tasks'
  | 'resources'
  | 'observations'
  | 'messages'
  | 'disasters'
  | 'audit'
  | 'conversations'
  | 'personal'
  | 'memberships'
  | 'profile';

/** Person fields of one collection that a step rewrites, clears, or deletes with their document. */
export interface ErasedFields {
  readonly store: AnyStore;
  readonly fields: readonly string[];
}

/** The person fields of `store` (its store.ts) that a step erases: test/person-fields.test.ts holds them against the declarations. */
export function erased<T extends Entity>(
  store: Collection<T> | Subcollection<T>,
  fields: readonly PersonFieldPath<T>[],
): ErasedFields {
  return { store, fields };
}

/** One step of an erasure: the person's data in one feature's collections. */
export interface ErasureStep {
  /** Its name in the log line's counts and timings. */
  readonly name: ErasureStepName;
  readonly erases: readonly ErasedFields[];
  /** Idempotent: selects what still names the person, so a resumed run finds only what is left. */
  erase(run: ErasureRun): Promise<void>;
}

/** Thrown between pages when the call's time budget is spent; the next call continues. */
export class BudgetSpent extends Error {}

export class ErasureRun {
  readonly started = Date.now();
  /** Documents changed or deleted, by step, for the log line. */
  readonly counts: Partial<Record<ErasureStepName, number>> = {};
  /** Milliseconds per finished step, for the log line. */
  readonly timings: Partial<Record<ErasureStepName, number>> = {};

  constructor(
    readonly uid: string,
    readonly pseudonym: string,
    /** Their stored location (read before the profile goes): where the planner matched them. */
    readonly home: Location | null,
    private readonly budgetMs: number,
  ) {}

  checkBudget(): void {
    if (Date.now() - this.started > this.budgetMs) throw new BudgetSpent();
  }

  count(step: ErasureStepName, n: number): void {
    this.counts[step] = (this.counts[step] ?? 0) + n;
  }

  /**
   * Pages through `query` (documents that still carry the uid) until a page comes back short,
   * handing each page to `change`, which must make every document of the page leave the query.
   * A short page was the last: asking again would bill one more read for an empty answer.
   */
  async sweep<T>(step: ErasureStepName, query: () => Query<T>, change: (docs: T[]) => Promise<void>): Promise<void> {
    for (;;) {
      this.checkBudget();
      const docs = (await query().limit(ERASURE_PAGE_SIZE).get()).docs.map((doc) => doc.data());
      if (docs.length === 0) return;
      await change(docs);
      this.count(step, docs.length);
      if (docs.length < ERASURE_PAGE_SIZE) return;
    }
  }
}

/** Commits writes in batches of at most MAX_WRITES_PER_COMMIT. */
export async function inBatches<T>(
  items: readonly T[],
  writesPerItem: number,
  write: (batch: WriteBatch, item: T) => void,
): Promise<void> {
  const perBatch = Math.max(1, Math.floor(MAX_WRITES_PER_COMMIT / writesPerItem));
  for (let i = 0; i < items.length; i += perBatch) {
    const batch = db().batch();
    for (const item of items.slice(i, i + perBatch)) write(batch, item);
    await batch.commit();
  }
}

export function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
