import type { ApiKeyScope } from '../../shared/api-keys';
import type { Role } from '../../shared/roles';

/** The signed-in staff member a request acts for (`request.user`, see plugins/access.ts). */
export interface SessionUser {
  _id: string;
  name: string;
  username: string;
  role: Role;
  /** Set for this request when the settings ask this person for two-factor sign-in and it is off. */
  twoFactorSetupRequired?: boolean;
}

/** The API key a request was made with (decision 081); never its secret. */
export interface ApiKeyIdentity {
  id: string;
  name: string;
  scopes: ApiKeyScope[];
  /** The staff member the key is limited to: it sees only the requests assigned to them. */
  userId: string | null;
  /** That staff member's role now: the key never does more than it allows. */
  userRole: Role | null;
}
