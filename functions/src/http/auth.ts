// Verifies `Authorization: Bearer <Firebase ID token>` with the Admin SDK. The verified custom
// claim `role` is the source of truth for authorization: checking it costs no Firestore read.
import { UnauthenticatedError, UnavailableError } from '../errors.js';
import { auth } from '../data/firestore.js';
import { logs } from '../logs.js';
import { roleSchema } from '../shared/schemas.js';
import type { Caller } from './endpoint.js';

const BEARER = /^Bearer ([A-Za-z0-9_\-.]+=*)$/;

/** Resolves the caller, or null when no Authorization header was sent at all. */
export async function identifyCaller(header: string | undefined, requestId: string): Promise<Caller | null> {
  if (header === undefined || header === '') return null;
  const match = BEARER.exec(header.trim());
  if (!match?.[1]) {
    throw new UnauthenticatedError('The Authorization header must be "Bearer <Firebase ID token>".');
  }
  try {
    const token = await auth().verifyIdToken(match[1]);
    const role = roleSchema.safeParse(token.role);
    return { uid: token.uid, role: role.success ? role.data : null, email: token.email ?? null };
  } catch (error) {
    const code = (error as { code?: unknown }).code;
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
