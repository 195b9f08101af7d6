// Trust levels for tests: verification as an admin's PUT /users/{uid}/verification leaves it.
import { userStore } from '../../src/users/store.js';
import type { TestUser } from './api.js';

/** Marks a registered user verified, as an admin's verification does (without its audit record). */
export async function verify(user: TestUser): Promise<TestUser> {
  const at = new Date().toISOString();
  await userStore
    .doc(user.uid)
    .update({ verified: true, verification: { verified: true, note: null, by: 'admin-test', at } });
  return user;
}
