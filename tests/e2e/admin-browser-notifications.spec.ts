import { expect, expectAccessible, adminTest as test } from './fixtures';
import { pageReady } from './support/public';

test('My account offers browser notifications and says so when the browser refuses them', async ({
  page,
}) => {
  await page.goto('/account');
  await pageReady(page);
  const card = page.locator('.account-notifications');
  await expect(card.getByRole('heading', { name: 'Browser notifications' })).toBeVisible();
  await expect(card.getByText('Off for this browser.')).toBeVisible();
  await expectAccessible(page);
  // The person chooses Block in the browser's prompt.
  await page.evaluate(() => {
    Notification.requestPermission = async () => 'denied';
  });
  await card.getByRole('button', { name: 'Turn on', exact: true }).click();
  await expect(card.getByRole('alert')).toHaveText(/Your browser refused notifications for this site/);
  await expect(card.getByText('Notifications are blocked for this site')).toBeVisible();
});

test('the service worker shows a pushed urgent request and keeps its click on this site', async ({
  page,
  context,
  baseURL,
}) => {
  await context.grantPermissions(['notifications'], { origin: baseURL });
  await page.goto('/home');
  await pageReady(page);
  await page.evaluate(async () => {
    await navigator.serviceWorker.register('/sw.js', { scope: '/' });
    await navigator.serviceWorker.ready;
  });
  // What a push service hands the worker, delivered through the browser's own push path.
  const cdp = await context.newCDPSession(page);
  const registrations: { registrationId: string; scopeURL: string }[] = [];
  cdp.on('ServiceWorker.workerRegistrationUpdated', (event) => registrations.push(...event.registrations));
  await cdp.send('ServiceWorker.enable');
  await expect.poll(() => registrations.find((r) => r.scopeURL === `${baseURL}/`)).toBeTruthy();
  const { registrationId } = registrations.find((r) => r.scopeURL === `${baseURL}/`)!;
  const deliver = (message: object) =>
    cdp.send('ServiceWorker.deliverPushMessage', {
      origin: baseURL!,
      registrationId,
      data: JSON.stringify(message),
    });
  const shown = () =>
    page.evaluate(async () =>
      (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({
        title: n.title,
        body: n.body,
        tag: n.tag,
        url: (n.data as { url: string }).url,
      })),
    );
  await deliver({
    title: 'URGENT CF-7Q3KX',
    body: 'Gulberg · Cold rooms',
    url: '/message/abc',
    tag: 'urgent-abc',
  });
  await expect
    .poll(shown)
    .toEqual([
      { title: 'URGENT CF-7Q3KX', body: 'Gulberg · Cold rooms', tag: 'urgent-abc', url: '/message/abc' },
    ]);
  // A message pointing elsewhere opens the dashboard instead.
  await deliver({ title: 'URGENT CF-22222', body: '', url: 'https://evil.test/', tag: 'urgent-x' });
  await expect.poll(async () => (await shown()).find((n) => n.tag === 'urgent-x')?.url).toBe('/dashboard');
});
