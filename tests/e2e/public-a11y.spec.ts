import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext } from '@playwright/test';
import { expect, failsPage, test } from './fixtures';
import { listOf, PUBLIC_PATHS, pageReady } from './support/public';

// The pages checked include the 404 page, which the browser logs as a failed load.
test.use({ expectedConsoleErrors: [/status of 404 /] });
// One test a page and width: each has its own time, and both workers share the list.
test.describe.configure({ mode: 'parallel' });

/** A record's page: the first of its type, as the API lists them. */
const firstOf = (type: string, base: string) => async (request: APIRequestContext) => {
  const [record] = await listOf<{ slug: string }>(request, type);
  return record ? `${base}/${record.slug}` : null;
};

/** Every public page kind: the fixed pages, one page of each record type, a track page and the 404. */
const PAGES: Record<string, (request: APIRequestContext) => Promise<string | null>> = {
  ...Object.fromEntries(PUBLIC_PATHS.map((path) => [path, async () => path])),
  'a service': firstOf('service', '/services'),
  'a service center': firstOf('servicecenter', '/serviceCenter'),
  'a project': firstOf('project', '/projects'),
  // A request's private status page, reached from the link a sent request is answered with.
  'a track page': async (request) => {
    const sent = await request.post('/api/contactus', {
      data: {
        name: 'Axe Check',
        email: 'axe@example.com',
        phone: '03001234567',
        message: 'Checking.',
        urgent: true,
      },
    });
    return ((await sent.json()) as { trackUrl: string }).trackUrl;
  },
  'an unknown address': async () => '/no-such-page',
};

for (const width of [390, 1280]) {
  for (const [name, pathOf] of Object.entries(PAGES)) {
    test(`${name} at ${width} px has no serious or critical accessibility problem nor a skipped heading level`, async ({
      page,
      request,
    }) => {
      // A page load, a scroll through and an axe pass: a minute or more on a busy two-core machine.
      test.setTimeout(120_000);
      const path = await pathOf(request);
      // The demo has one of each; a page kind that is missing fails here rather than passing unchecked.
      expect(path, `the demo has no ${name}`).not.toBeNull();
      await page.setViewportSize({ width, height: width < 600 ? 844 : 800 });
      await page.goto(path!);
      await pageReady(page);
      // Scroll through, one painted frame a step so that each section is seen, until every
      // revealed section is in its final state (shown, its fade-in over).
      await page.evaluate(async () => {
        const painted = () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
        for (let y = 0; y < document.body.scrollHeight; y += 400) {
          window.scrollTo(0, y);
          await painted();
        }
      });
      await expect
        .poll(() =>
          page.evaluate(
            () =>
              document.querySelectorAll('.reveal-hidden').length +
              [...document.querySelectorAll('[data-reveal]')].flatMap((section) => section.getAnimations())
                .length,
          ),
        )
        .toBe(0);
      const results = await new AxeBuilder({ page })
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
        .analyze();
      const found = results.violations
        .filter(failsPage)
        .map(
          (violation) =>
            `${violation.id} (${violation.impact}) ${violation.nodes.map((n) => n.target.join(' ')).join(', ')}`,
        );
      expect(found).toEqual([]);
    });
  }
}
