import type { Page } from '@playwright/test';
import { roleDeclaration } from '../../src/shared/permissions';
import { STAFF_ROLES, type StaffRole } from '../../src/shared/roles';
import { DASHBOARD_PATH, homeFor, screensFor } from '../../src/web/admin/screens';
import { apiWrite, expect, requestAccount, adminTest as test, unique } from './fixtures';

const PHONE = { width: 390, height: 844 };
const DESK = { width: 1280, height: 800 };

/** Screens of other roles each role is sent to once, to see they are refused in the staff layout. */
const REFUSED: Partial<Record<StaffRole, string[]>> = {
  editor: ['/message'],
  technician: ['/addServices', '/users'],
};

/**
 * Walks every screen of the role's navigation as its people do, by the links. A screen asking for
 * a route its role cannot use shows up here as a refused request, which its own tests (signed in
 * as the admin) never see. The screens load their data in the browser (clientLoader) whether
 * opened by a link or by address, so the links alone see every request; the first screen is
 * opened by address, for the server's side of the staff layout.
 */
async function walkTheNavigation(page: Page, role: StaffRole, onPhone: boolean) {
  const screens = [{ path: DASHBOARD_PATH, label: 'Dashboard' }, ...screensFor(role)];
  const nav = page.getByRole('navigation', { name: 'Admin screens' });
  const menu = page.getByRole('button', { name: 'Menu' });
  if (onPhone) await menu.click();
  await expect(nav.getByRole('link')).toHaveText(screens.map((screen) => screen.label));
  for (const [index, screen] of screens.entries()) {
    // On a phone each new screen closes the menu: it is opened again for the next link.
    if (onPhone && index > 0) {
      await expect(menu).toHaveAttribute('aria-expanded', 'false');
      await menu.click();
    }
    await nav.getByRole('link', { name: screen.label, exact: true }).click();
    await expect(page).toHaveURL(screen.path);
    await expectScreenReady(page, screen.path);
  }
}

async function expectScreenReady(page: Page, path: string) {
  const heading = page.locator('#admin-main').getByRole('heading', { level: 1 });
  await expect(heading, path).toBeVisible();
  await expect(heading, `${path} is in the navigation yet refused`).not.toHaveText(/is not for your role$/);
  await expect(page.locator('[aria-busy="true"]'), `${path} keeps loading`).toHaveCount(0);
  await expect(page.getByText(/^Loading/), `${path} keeps loading`).toHaveCount(0);
}

for (const role of STAFF_ROLES) {
  const onPhone = role === 'technician';
  test(`${roleDeclaration(role).label}: every screen of the navigation opens without a refused or failed request`, async ({
    page,
    browser,
    baseURL,
    workerSite,
  }) => {
    test.setTimeout(120_000);
    const person = {
      name: unique(`Journey ${role}`),
      username: unique(role).replace(/\W+/g, '-').toLowerCase(),
      password: `${role} journey passphrase 7`,
    };
    if (role !== 'admin') {
      const id = await requestAccount(baseURL, workerSite.adminStatePath, person);
      await apiWrite(page, 'PUT', `/api/users/${id}`, { role });
    }
    const context = await browser.newContext({
      baseURL,
      viewport: onPhone ? PHONE : DESK,
      isMobile: onPhone,
      hasTouch: onPhone,
      storageState: role === 'admin' ? workerSite.adminStatePath : { cookies: [], origins: [] },
    });
    const refused: string[] = [];
    context.on('response', (response) => {
      if (response.status() >= 400)
        refused.push(`${response.status()} ${response.request().method()} ${response.url()}`);
    });
    if (role !== 'admin') {
      const login = await context.request.post('/api/auth/login', {
        data: { username: person.username, password: person.password },
      });
      expect(login.status(), await login.text()).toBe(200);
    }
    const staff = await context.newPage();
    await staff.goto(homeFor(role));
    await expectScreenReady(staff, homeFor(role));

    await walkTheNavigation(staff, role, onPhone);
    for (const path of REFUSED[role] ?? []) {
      await staff.goto(path);
      await expect(staff.locator('#admin-main').getByRole('heading', { level: 1 }), path).toHaveText(
        /is not for your role$/,
      );
    }
    await context.close();
    expect(refused, 'requests the server refused or failed').toEqual([]);
  });
}
