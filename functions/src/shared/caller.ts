// Who is calling, as the services see it: the verified token's uid, role claim and email. Here,
// below every feature, so that services take it without reaching up into http/.
import type { Role } from './schemas.js';

export interface Caller {
  uid: string;
  /** From the verified custom claim; null until the user registers or is granted a role. */
  role: Role | null;
  email: string | null;
}
