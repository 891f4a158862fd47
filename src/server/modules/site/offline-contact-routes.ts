import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { OFFLINE_CONTACT_PATH, type OfflineContact } from '../../../shared/offline-contact';
import type { SiteData } from '../../../shared/site-data';

const offlineContactSchema = z.object({
  phone: z.string(),
  chatNumber: z.string(),
}) satisfies z.ZodType<OfflineContact>;

/**
 * `GET /offline-contact.json`: the phone and chat number the service worker keeps for pages read
 * offline. A public JSON read: tagged and revalidated (conditional.ts), replayed from the response
 * cache until the settings change.
 */
export function offlineContactRoutes(site: SiteData): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      OFFLINE_CONTACT_PATH,
      {
        config: { access: 'public' },
        schema: {
          tags: ['settings'],
          summary: 'The company’s phone and chat number, for pages read offline',
          response: { 200: offlineContactSchema },
        },
      },
      async () => {
        const { phone, chatNumber } = await site.settings();
        return { phone, chatNumber };
      },
    );
  };
}
