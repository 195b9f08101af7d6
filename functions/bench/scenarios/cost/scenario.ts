// Figure 3 (bench/firestore-cost.ts): what one cost scenario is. Each feature's scenarios are in
// cost/<feature>.ts; cost/index.ts puts them in one table.
import type { Role } from '../../../src/shared/schemas.js';
import { registeredUser, type TestUser } from '../../../test/helpers/api.js';

export interface CostCall {
  method: string;
  /** Path under the API, with the query. */
  path: string;
  token?: string;
  body?: unknown;
  /** A body sent as is (a form), with its content type and extra headers (a webhook's signature). */
  /** A body sent as is (a webhook's form), with its content type and headers (its signature). */
  rawBody?: string;
  contentType?: string;
  headers?: Record<string, string>;
  expect: number;
  /**
   * The minimum counted while arranging, for a call that reads what every earlier scenario of the
   * run left as well (a public feed of all disasters): replaces the scenario's.
   */
  minimum?: CostMinimum;
  /** Waits, after the call was counted, for background work it set off that outlasts a quiet spell. */
  settle?: () => Promise<void>;
}

/** The fewest document reads and writes a call needs, and why. */
export interface CostMinimum {
  reads: number;
  writes: number;
  why: string;
}

export interface CostScenario {
  /** The fewest document reads and writes this call needs, and why. */
  minimum: CostMinimum;
  /** A list: one document more than the page is read to know whether a next page exists. */
  page?: true;
  arrange(ctx: CostContext): Promise<CostCall>;
}

export interface CostContext {
  user(role: Role, profile?: Record<string, unknown>): Promise<TestUser>;
}

export const costContext: CostContext = {
  user: (role, profile) => registeredUser(role, profile),
};
