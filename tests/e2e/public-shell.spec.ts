import { expect, test } from './fixtures';
import { pageReady, settingsOf, signInAsStaff } from './support/public';

const BANNER = 'Server is not responding. Please check the connection.';

test.describe('header', () => {
  test('links reach every page and the Apps menu opens the portals in a new tab, by keyboard', async ({
    page,
    request,
  }) => {
    const settings = await settingsOf(request);
    await page.goto('/home');
    await pageReady(page);
    const nav = page.getByRole('navigation', { name: 'Main', exact: true });
    for (const [name, path] of [
      ['Services', '/services'],
      ['Service centers', '/serviceCenter'],
      ['About', '/about'],
      ['Clients', '/client'],
      ['Contact', '/contact'],
      ['Home', '/home'],
    ] as const) {
      await nav.getByRole('link', { name, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      await expect(nav.getByRole('link', { name, exact: true })).toHaveAttribute('aria-current', 'page');
    }
    // Signed out, the wide header offers no Login (only the small-screen menu does).
    await expect(nav.getByRole('link', { name: 'Login' })).toHaveCount(0);
    await expect(nav.getByRole('link', { name: 'Dashboard' })).toHaveCount(0);

    const apps = nav.locator('summary', { hasText: 'Apps' });
    await apps.focus();
    await page.keyboard.press('Enter');
    const portal1 = nav.getByRole('link', { name: new RegExp(settings.portal1Label!) });
    const portal2 = nav.getByRole('link', { name: new RegExp(settings.portal2Label!) });
    await expect(portal1).toBeVisible();
    for (const [link, url] of [
      [portal1, settings.portal1Url],
      [portal2, settings.portal2Url],
    ] as const) {
      await expect(link).toHaveAttribute('href', url!);
      await expect(link).toHaveAttribute('target', '_blank');
      await expect(link).toHaveAttribute('rel', 'noopener');
    }
    await page.keyboard.press('Tab');
    await expect(portal1).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(portal1).toBeHidden();
    await expect(apps).toBeFocused();
    // A click elsewhere closes it too.
    await apps.click();
    await expect(portal1).toBeVisible();
    await page.getByRole('heading', { level: 1 }).click();
    await expect(portal1).toBeHidden();
  });

  test('on a phone the menu opens by keyboard and offers Login', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/services');
    await pageReady(page);
    await expect(page.getByRole('navigation', { name: 'Main', exact: true })).toBeHidden();
    const toggle = page.locator('summary', { hasText: 'Menu' });
    await toggle.focus();
    await page.keyboard.press('Enter');
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    await expect(menu.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    await menu.getByRole('link', { name: 'About' }).click();
    await expect(page).toHaveURL(/\/about$/);
    await expect(menu).toBeHidden();
  });

  test('signed in, the header offers Dashboard and Log out; Log out ends the session', async ({ page }) => {
    await signInAsStaff(page);
    await page.goto('/home');
    await pageReady(page);
    const nav = page.getByRole('navigation', { name: 'Main', exact: true });
    await expect(nav.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard');
    await nav.getByRole('link', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/\/login$/);
    const current = await page.context().request.get('/api/auth/current-user');
    expect(current.status()).toBe(401);
    await page.goto('/home');
    await expect(nav.getByRole('link', { name: 'Dashboard' })).toHaveCount(0);
  });
});

test.describe('footer', () => {
  test('lists the services, social links and the WhatsApp chat from settings', async ({ page, request }) => {
    const settings = await settingsOf(request);
    await page.goto('/about');
    const footer = page.getByRole('contentinfo');
    const services = (await (await request.get('/api/service')).json()) as { title: string; slug: string }[];
    for (const service of services)
      await expect(footer.getByRole('link', { name: service.title })).toHaveAttribute(
        'href',
        `/services/${service.slug}`,
      );
    await expect(footer.getByRole('link', { name: /Facebook/ })).toHaveAttribute(
      'href',
      settings.facebookUrl!,
    );
    await expect(footer.getByRole('link', { name: /Chat with us on WhatsApp/ })).toHaveAttribute(
      'href',
      `https://wa.me/${settings.chatNumber}`,
    );
  });

  test('the subscribe box checks the address and answers alike for a new and a known one', async ({
    page,
  }) => {
    await page.goto('/home');
    await pageReady(page);
    const footer = page.getByRole('contentinfo');
    const box = footer.getByLabel('Get maintenance tips and offers');
    await box.fill('not-an-address');
    let posts = 0;
    page.on('request', (r) => {
      if (r.url().endsWith('/api/subscribers') && r.method() === 'POST') posts++;
    });
    await footer.getByRole('button', { name: 'Subscribe' }).click();
    await expect(footer.getByText('Invalid email address.')).toBeVisible();
    expect(posts).toBe(0);
    const email = `visitor${Date.now()}@example.com`;
    await box.fill(email);
    const [response] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith('/api/subscribers') && r.request().method() === 'POST'),
      footer.getByRole('button', { name: 'Subscribe' }).click(),
    ]);
    expect(response.status()).toBe(202);
    expect(response.request().postDataJSON()).toEqual({ email });
    const thanks = 'Thank you! Please check your inbox and confirm your subscription.';
    await expect(footer.getByText(thanks)).toBeVisible();
    await expect(box).toHaveValue('');
    // The same address again: the same answer, so the box tells nobody who is subscribed.
    await box.fill(email.toUpperCase());
    const [again] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith('/api/subscribers') && r.request().method() === 'POST'),
      footer.getByRole('button', { name: 'Subscribe' }).click(),
    ]);
    expect(again.status()).toBe(202);
    expect(await again.text()).toBe(await response.text());
    await expect(footer.getByText(thanks)).toBeVisible();
  });
});

test.describe('app shell', () => {
  test.describe('with the server cut off', () => {
    // The journeys refuse the connection on purpose; the browser logs each refused request.
    test.use({ expectedConsoleErrors: [/ERR_CONNECTION_REFUSED/] });

    test('the server banner shows while /api/status fails, and goes when it answers again', async ({
      page,
    }) => {
      await page.route('**/api/status', (route) => route.abort('connectionrefused'));
      await page.goto('/home');
      await expect(page.getByRole('alert').filter({ hasText: BANNER })).toBeVisible();
      await page.unroute('**/api/status');
      // Any failed API call makes the shell ask again.
      await page.evaluate(() => window.dispatchEvent(new Event('site:api-failed')));
      await expect(page.getByText(BANNER)).toBeHidden();
    });

    test('isActive false counts as down; a failing API call re-checks the server', async ({ page }) => {
      await page.goto('/home');
      await pageReady(page);
      await expect(page.getByText(BANNER)).toBeHidden();
      await page.route('**/api/status', (route) => route.fulfill({ json: { isActive: false } }));
      await page.route('**/api/subscribers', (route) => route.abort('connectionrefused'));
      const footer = page.getByRole('contentinfo');
      await footer.getByLabel('Get maintenance tips and offers').fill('someone@example.com');
      await footer.getByRole('button', { name: 'Subscribe' }).click();
      await expect(footer.getByText('Something went wrong. Please try again.')).toBeVisible();
      await expect(page.getByText(BANNER)).toBeVisible();
    });
  });

  test('a public page loads its islands and no framework; a link loads the next page as a document', async ({
    page,
  }) => {
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await page.goto('/home');
    await pageReady(page);
    expect(scripts).toHaveLength(1);
    expect(scripts[0]).toMatch(/^\/assets\/islands-[\w-]+\.js$/);
    expect(await page.evaluate(() => '__reactRouterContext' in window)).toBe(false);
    const navigation = page.waitForEvent('framenavigated');
    await page
      .getByRole('navigation', { name: 'Main', exact: true })
      .getByRole('link', { name: 'Service centers' })
      .click();
    await navigation;
    await expect(page.getByRole('heading', { level: 1, name: 'Service centers' })).toBeVisible();
    await pageReady(page);
    // A new document, not a route change inside one: its own navigation entry, and nothing fetched
    // as route data.
    expect(await page.evaluate(() => performance.getEntriesByType('navigation')[0]?.name)).toMatch(
      /\/serviceCenter$/,
    );
    expect(scripts.filter((path) => path.endsWith('.data'))).toEqual([]);
  });

  test('sections below the fold fade in as they scroll into view', async ({ page }) => {
    await page.goto('/home');
    await pageReady(page);
    const lastClient = page.locator('.client-card').last();
    await expect(lastClient).toHaveClass(/reveal-hidden/);
    await expect(page.locator('.hero [data-reveal].reveal-hidden')).toHaveCount(0);
    await lastClient.scrollIntoViewIfNeeded();
    await expect(lastClient).not.toHaveClass(/reveal-hidden/);
  });
});

test('without JavaScript nothing is hidden, and pages work', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/home');
  await expect(page.locator('.reveal-hidden')).toHaveCount(0);
  await expect(page.locator('.client-card').last()).toBeVisible();
  await context.close();
});

test('visitors who prefer reduced motion get no reveal animation', async ({ browser }) => {
  const context = await browser.newContext({ reducedMotion: 'reduce' });
  const page = await context.newPage();
  await page.goto('/home');
  await pageReady(page);
  await expect(page.locator('.reveal-hidden')).toHaveCount(0);
  await context.close();
});
