import { CONTACT_STAGES, type ContactStage } from '../../../shared/constants';
import { fieldErrors, schemasFor } from '../../../shared/content/schema';
import type { PublicTypeName } from '../../../shared/content/types';
import { visibleTo } from '../../../shared/content/visibility';
import type { SiteData, SiteRecord } from '../../../shared/site-data';
import type { ContentHookRegistry, IntakeResult } from '../../content/hooks';
import { type Intake, submitterFor } from '../../content/intake';
import { movedTo } from '../../content/publication-store';
import { asVisitorReads } from '../../content/publishing';
import type { ContentRepository } from '../../content/repository';
import { hashTrackToken, TRACK_TOKEN_PATTERN, trackPath } from '../../content/tracking';
import type { Database } from '../../db/client';
import { HttpError } from '../../errors';
import type { RecoveryActions } from '../auth/recovery-routes';
import type { SettingsStore } from '../settings/store';
import type { SubscriptionActions } from '../subscriptions/routes';

/**
 * A stored record as the pages' type of its declaration. The repository is not typed per
 * declaration; site-data.test.ts checks every record answered here against the declaration's
 * record schema, which is what this one narrowing promises.
 */
const asSiteRecord = <N extends PublicTypeName>(_type: N, record: object) => record as SiteRecord<N>;

/** Public content for server-rendered pages, read straight from the repositories. */
export function createSiteData(
  repositories: ReadonlyMap<string, ContentRepository>,
  settings: SettingsStore,
  intake: Intake,
  hooks: ContentHookRegistry,
  subscriptions: SubscriptionActions,
  accounts: Pick<RecoveryActions, 'confirmEmail'>,
  signupStatus: SiteData['signupStatus'],
  /** Where the old addresses of moved records are kept. */
  database: Database,
): SiteData {
  const publicRepository = (type: string) => {
    const repository = repositories.get(type);
    if (repository?.def.access.list !== 'public') throw new Error(`${type} is not public content`);
    return repository;
  };
  return {
    settings: () => settings.get(),
    // Pages are rendered for visitors: they get what an anonymous reader of the API gets.
    list: async (type, query = {}) => {
      const repository = publicRepository(type);
      const { filters, limit } = query;
      // Only what is on the site: drafts and records taken off never reach a page (decision 109).
      const records = await repository.list(
        limit ? { filters, page: 1, pageSize: limit, published: true } : { filters, published: true },
      );
      return records.map((record) =>
        asSiteRecord(type, visibleTo(null, repository.def, asVisitorReads(record))),
      );
    },
    findBySlug: async (type, slug) => {
      const repository = publicRepository(type);
      const record = await repository.findBySlug(slug, { published: true });
      return record ? asSiteRecord(type, visibleTo(null, repository.def, asVisitorReads(record))) : null;
    },
    movedTo: async (type, slug) => {
      const repository = publicRepository(type);
      const id = await movedTo(database, repository.def, slug);
      const record = id ? await repository.findById(id, { published: true }) : null;
      return typeof record?.slug === 'string' ? record.slug : null;
    },
    findById: async (type, id) => {
      const repository = publicRepository(type);
      const record = await repository.findById(id, { published: true });
      return record ? asSiteRecord(type, visibleTo(null, repository.def, asVisitorReads(record))) : null;
    },
    submitForm: async (type, input, meta) => {
      const repository = repositories.get(type);
      if (repository?.def.access.create !== 'public') throw new Error(`${type} takes no visitor forms`);
      const { def } = repository;
      const parsed = schemasFor(def).create.safeParse(input);
      if (!parsed.success)
        return { ok: false, status: 400, error: 'Validation failed', fields: fieldErrors(parsed.error) };
      const submit = submitterFor(repository, hooks.get(def.name), intake);
      let result: IntakeResult;
      try {
        result = await submit(parsed.data, { ip: meta.ip, user: null });
      } catch (error) {
        // A refusal intake found (a service that does not exist) is the form's to show.
        if (error instanceof HttpError && error.statusCode === 400)
          return {
            ok: false,
            status: 400,
            error: error.message,
            fields: error.body.fields as Record<string, string>,
          };
        throw error;
      }
      if (result.kind === 'limited') return { ok: false, status: 429, error: result.message };
      const reference = result.record.reference;
      const receipt =
        result.kind === 'created' && result.trackToken && typeof reference === 'string'
          ? { reference, trackUrl: trackPath(result.trackToken) }
          : undefined;
      return { ok: true, message: def.intake?.doubleOptIn?.acknowledgement, ...(receipt ? { receipt } : {}) };
    },
    trackRequest: async (token) => {
      // A malformed token is not looked up at all; a well-formed one costs one unique-index probe.
      const requests = repositories.get('contactus');
      if (!requests || !TRACK_TOKEN_PATTERN.test(token)) return null;
      const record = await requests.findByTrackHash(hashTrackToken(token));
      if (!record || typeof record.reference !== 'string') return null;
      const slug = typeof record.service === 'string' ? record.service : '';
      const service = slug ? await repositories.get('service')?.findBySlug(slug, { published: true }) : null;
      const stage = String(record.stage);
      return {
        reference: record.reference,
        service: typeof service?.title === 'string' ? service.title : null,
        receivedAt: String(record.createdAt),
        stage: (CONTACT_STAGES as readonly string[]).includes(stage) ? (stage as ContactStage) : 'new',
        scheduledAt: typeof record.scheduledAt === 'string' ? record.scheduledAt : null,
      };
    },
    confirmSubscription: (token) => subscriptions.confirm(token),
    unsubscribe: (token) => subscriptions.unsubscribe(token),
    confirmAccountEmail: (token) => accounts.confirmEmail(token),
    signupStatus,
  };
}
