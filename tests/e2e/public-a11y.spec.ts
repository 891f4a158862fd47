import AxeBuilder from '@axe-core/playwright';
import { expect, failsPage, test } from './fixtures';
import { listOf, PUBLIC_PATHS, pageReady } from './support/public';

// The pages checked include the 404 page, which the browser logs as a failed load.
test.use({ expectedConsoleErrors: [/status of 404 /] });

for (const width of [390, 1280]) {
  test(`no serious or critical accessibility problems, nor a skipped heading level, on any public page at ${width} px`, async ({
    page,
    request,
  }) => {
    // Each page is scrolled through and checked: the time grows with the list of pages.
    test.setTimeout(180_000);
    const [service] = await listOf<{ slug: string }>(request, 'service');
    const [center] = await listOf<{ slug: string }>(request, 'servicecenter');
    const [project] = await listOf<{ slug: string }>(request, 'project');
    // A request's private status page, reached from the link a sent request is answered with.
    const sent = await request.post('/api/contactus', {
      data: {
        name: 'Axe Check',
        email: 'axe@example.com',
        phone: '03001234567',
        message: 'Checking.',
        urgent: true,
      },
    });
    const { trackUrl } = (await sent.json()) as { trackUrl: string };
    await page.setViewportSize({ width, height: width < 600 ? 844 : 800 });
    const found: string[] = [];
    const records = [
      `/services/${service!.slug}`,
      `/serviceCenter/${center!.slug}`,
      ...(project ? [`/projects/${project.slug}`] : []),
    ];
    for (const path of [...PUBLIC_PATHS, ...records, trackUrl, '/no-such-page']) {
      await page.goto(path);
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
      for (const violation of results.violations) {
        if (failsPage(violation))
          found.push(
            `${path}: ${violation.id} (${violation.impact}) ${violation.nodes.map((n) => n.target.join(' ')).join(', ')}`,
          );
      }
    }
    expect(found).toEqual([]);
  });
}
