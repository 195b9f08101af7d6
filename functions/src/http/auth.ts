// Verifies `Authorization: Bearer <Firebase ID token>` with the Admin SDK. The verified custom
// claim `role` is the source of truth for authorization: checking it costs no Firestore read.
//
// Revocation and disabled accounts are checked on every protected call, in production as under
// the emulator: the Admin SDK checks them only when asked (`checkRevoked`), at the price of one
// Auth lookup per call. Here the account's state comes from a short per-uid cache instead
// (ACCOUNT_CACHE_TTL_MS), so a revoked token or a disabled account is refused within that time
// on every instance, and at once on an instance that has not looked the account up yet.
import type { UserRecord } from 'firebase-admin/auth';
import { UnauthenticatedError, UnavailableError } from '../errors.js';
import { auth } from '../data/firestore.js';
import { logs } from '../logs.js';
import { roleSchema } from '../shared/schemas.js';
import type { Caller } from '../shared/caller.js';

const BEARER = /^Bearer ([A-Za-z0-9_\-.]+=*)$/;

/** How long an account's state is trusted before it is looked up again. */
export const ACCOUNT_CACHE_TTL_MS = 30_000;
/** Bounds the cache's memory (about 100 bytes an entry); the oldest entry goes first when full. */
export const ACCOUNT_CACHE_MAX_ENTRIES = 10_000;

interface AccountState {
  disabled: boolean;
  /** Tokens authenticated before this instant (seconds) are revoked; null when never revoked. */
  validSinceSeconds: number | null;
  checkedAt: number;
}

export type AccountLookup = (uid: string) => Promise<Pick<UserRecord, 'disabled' | 'tokensValidAfterTime'>>;

/** Thrown for a token that verifies but whose account no longer admits it (mapped to 401). */
class AccountRejected extends Error {
  constructor(readonly code: 'auth/id-token-revoked' | 'auth/user-disabled') {
    super(code);
  }
}

/** The state of accounts recently seen by this instance, looked up at most once per TTL each. */
export class AccountCache {
  private readonly entries = new Map<string, AccountState>();
  /** Auth lookups made so far (tests and benchmarks read it). */
  lookups = 0;

  constructor(
    private readonly lookup: AccountLookup = (uid) => auth().getUser(uid),
    private readonly ttlMs = ACCOUNT_CACHE_TTL_MS,
    private readonly maxEntries = ACCOUNT_CACHE_MAX_ENTRIES,
  ) {}

  /** Resolves when the account exists, is enabled and has not revoked tokens issued at `authTimeSeconds`. */
  async assertActive(uid: string, authTimeSeconds: number, now = Date.now()): Promise<void> {
    let state = this.entries.get(uid);
    if (!state || now - state.checkedAt >= this.ttlMs) {
      this.lookups++;
      const user = await this.lookup(uid); // auth/user-not-found propagates: a 401
      const validSince = user.tokensValidAfterTime ? Date.parse(user.tokensValidAfterTime) : NaN;
      state = {
        disabled: user.disabled,
        validSinceSeconds: Number.isFinite(validSince) ? validSince / 1000 : null,
        checkedAt: now,
      };
      this.entries.delete(uid); // re-inserted last: Map order is then oldest check first
      this.entries.set(uid, state);
      if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    }
    if (state.disabled) throw new AccountRejected('auth/user-disabled');
    // The Admin SDK's own rule: authenticated strictly before the revocation instant.
    if (state.validSinceSeconds !== null && authTimeSeconds < state.validSinceSeconds)
      throw new AccountRejected('auth/id-token-revoked');
  }

  forget(uid: string): void {
    this.entries.delete(uid);
  }

  get size(): number {
    return this.entries.size;
  }
}

export const accountCache = new AccountCache();

/** Drops a uid from this instance's cache (account erasure, role changes made here). */
export function forgetCachedUser(uid: string): void {
  accountCache.forget(uid);
}

/** Resolves the caller, or null when no Authorization header was sent at all. */
export async function identifyCaller(header: string | undefined, requestId: string): Promise<Caller | null> {
  if (header === undefined || header === '') return null;
  const match = BEARER.exec(header.trim());
  if (!match?.[1]) {
    throw new UnauthenticatedError('The Authorization header must be "Bearer <Firebase ID token>".');
  }
  try {
    const token = await auth().verifyIdToken(match[1]);
    await accountCache.assertActive(token.uid, token.auth_time);
    const role = roleSchema.safeParse(token.role);
    return { uid: token.uid, role: role.success ? role.data : null, email: token.email ?? null };
  } catch (error) {
    const code = error instanceof AccountRejected ? error.code : (error as { code?: unknown }).code;
    if (typeof code !== 'string' || !code.startsWith('auth/')) {
      // Not a verdict on the token: the key or user lookup could not be made.
      logs.unexpectedError(requestId, error);
      throw new UnavailableError('Tokens cannot be verified right now; try again shortly.');
    }
    logs.tokenRejected(requestId, code);
    if (code === 'auth/id-token-expired') throw new UnauthenticatedError('The ID token has expired; get a fresh one.');
    if (code === 'auth/id-token-revoked' || code === 'auth/user-disabled') {
      throw new UnauthenticatedError('The ID token is no longer valid; sign in again.');
    }
    if (code === 'auth/user-not-found') throw new UnauthenticatedError('The ID token belongs to no known user.');
    throw new UnauthenticatedError('The ID token is not valid.');
  }
}
