import { Link } from 'react-router';
import { ROLE_DECLARATIONS, roleDeclaration, rolesMayCall } from '../../shared/permissions';
import type { Role } from '../../shared/roles';
import { type AdminScreen, adminScreens, homeFor } from './screens';

/** Who changes roles, by the roles' labels ("an Admin"), read from the declaration. */
const whoChangesRoles = (rule: AdminScreen['access']) =>
  rolesMayCall(rule)
    .map((role) => ROLE_DECLARATIONS[role].label)
    .join(' or ');

const USERS_SCREEN = adminScreens.find((screen) => screen.path === '/users');

/**
 * A staff screen the signed-in role cannot use, said inside the staff layout: which role they
 * hold, who can change it, and the way to the screen they start from. The screen's loader asked
 * the server nothing.
 */
export function NotForYourRole({ role, screen }: { role: Role; screen: AdminScreen }) {
  const declaration = roleDeclaration(role);
  const home = homeFor(role);
  const homeLabel = adminScreens.find((candidate) => candidate.path === home)?.label ?? 'Dashboard';
  const deciders = USERS_SCREEN ? whoChangesRoles(USERS_SCREEN.access) : '';
  return (
    <section className="screen not-for-role" aria-labelledby="not-for-role-title">
      <h1 id="not-for-role-title">{screen.label} is not for your role</h1>
      <p>
        You are signed in as <strong>{declaration.label}</strong>.
      </p>
      <p className="muted">
        What the role {declaration.label} is for: {declaration.summary}
      </p>
      <p>
        If your work needs {screen.label}, ask{' '}
        {deciders ? `someone with the role ${deciders}` : 'whoever runs this site'} to change yours.
      </p>
      <p>
        <Link to={home} className="btn btn-primary">
          Go to {homeLabel}
        </Link>
      </p>
    </section>
  );
}
