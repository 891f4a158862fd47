import { fieldErrors, schemasFor } from '../../../shared/content/schema';
import { contactus } from '../../../shared/content/types';
import type { SiteData, SiteRecord } from '../../../shared/site-data';
import type { Intake } from '../../content/intake';
import type { ContentRepository } from '../../content/repository';
import type { SettingsStore } from '../settings/store';
import type { SubscriptionActions } from '../subscriptions/routes';

/** Public content for server-rendered pages, read straight from the repositories. */
export function createSiteData(
  repositories: ReadonlyMap<string, ContentRepository>,
  settings: SettingsStore,
  intake: Intake,
  subscriptions: SubscriptionActions,
): SiteData {
  const publicRepository = (type: string) => {
    const repository = repositories.get(type);
    if (repository?.def.access.list !== 'public') throw new Error(`${type} is not public content`);
    return repository;
  };
  return {
    settings: () => settings.get(),
    list: async (type) => (await publicRepository(type).list()) as SiteRecord[],
    findBySlug: async (type, slug) => (await publicRepository(type).findBySlug(slug)) as SiteRecord | null,
    sendContactMessage: async (input, meta) => {
      const repository = repositories.get(contactus.name)!;
      const parsed = schemasFor(contactus).create.safeParse(input);
      if (!parsed.success)
        return { ok: false, status: 400, error: 'Validation failed', fields: fieldErrors(parsed.error) };
      const result = await intake(repository, parsed.data, { ip: meta.ip, user: null });
      if (result.kind === 'limited') return { ok: false, status: 429, error: result.message };
      return { ok: true };
    },
    confirmSubscription: (token) => subscriptions.confirm(token),
    unsubscribe: (token) => subscriptions.unsubscribe(token),
  };
}
