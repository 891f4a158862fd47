import { type FullConfig, request } from '@playwright/test';
import { ADMIN, adminStatePath } from './fixtures';
import { E2E_SETUP_CODE } from './setup-code';

/**
 * The e2e server starts on an empty database: claim it with the setup code the server was given
 * (its first account becomes the admin) and save that session, so journeys start signed in instead of typing a password each time.
 */
export default async function globalSetup(config: FullConfig) {
  const baseURL = config.projects[0]?.use.baseURL;
  const api = await request.newContext({ baseURL });
  const signup = await api.post('/api/auth/signup', { data: { ...ADMIN, setupCode: E2E_SETUP_CODE } });
  // 400 "taken" when a server is reused; anything else means the site is broken.
  if (!signup.ok() && signup.status() !== 400)
    throw new Error(`Signing up the e2e admin failed: ${signup.status()} ${await signup.text()}`);
  const login = await api.post('/api/auth/login', {
    data: { username: ADMIN.username, password: ADMIN.password },
  });
  if (!login.ok())
    throw new Error(`Logging in the e2e admin failed: ${login.status()} ${await login.text()}`);
  await api.storageState({ path: adminStatePath });
  await api.dispose();
}
