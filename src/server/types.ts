import type { ApiKeyScope } from '../shared/api-keys';
import type { AccessRule } from '../shared/content/define';
import type { Role } from '../shared/roles';
import type { SiteData } from '../shared/site-data';
import type { ContentRepository } from './content/repository';
import type { ChangeLog } from './db/change-log';
import type { Database } from './db/client';
import type { Env } from './env';
import type { MailOutbox } from './modules/mail/outbox';
import type { PushSender } from './modules/push/sender';

export interface SessionUser {
  _id: string;
  name: string;
  username: string;
  role: Role;
  /** Set for this request when the settings ask this person for two-factor sign-in and it is off. */
  twoFactorSetupRequired?: boolean;
}

/** The API key a request was made with (decision 081); never its secret. */
export interface ApiKeyIdentity {
  id: string;
  name: string;
  scopes: ApiKeyScope[];
  /** The staff member the key is limited to: it sees only the requests assigned to them. */
  userId: string | null;
}

export type { ChangeEvent } from './db/change-log';

declare module 'fastify' {
  interface FastifyInstance {
    env: Env;
    database: Database;
    repositories: ReadonlyMap<string, ContentRepository>;
    /** What pages read: public records typed by their declarations, as a visitor sees them. */
    site: SiteData;
    /** Staff notification mail, when SMTP_URL is set. */
    mailOutbox: MailOutbox | null;
    /**
     * Every write runs through `changes.write` and records what it changed in its own transaction;
     * caches hear committed changes of this and other instances through `changes.onChange`.
     */
    changes: ChangeLog;
    /** Browser notifications to staff (Web Push). */
    push: PushSender;
  }
  interface FastifyRequest {
    user: SessionUser | null;
    /** How the request proved who it is. */
    authMethod: 'cookie' | 'bearer' | null;
    /**
     * Set when the request came with an API key. `user` then stands for the key: named
     * `API key "<name>"` (the audit log's actor), with the limited staff member's id, or the key's
     * own id for an unlimited key, and the role editor; the route's `keyScope` decides the rest.
     */
    apiKey: ApiKeyIdentity | null;
    /** A cookie-authenticated write without a matching anti-forgery header. */
    csrfFailed: boolean;
  }
  interface FastifyContextConfig {
    /** Who may call the route. Every route declares one; see plugins/access.ts. */
    access?: AccessRule;
    /** The answer is an endless stream (Server-Sent Events): a client reads its head, then events. */
    stream?: boolean;
    /** The scope an API key needs to call the route; without one, no key may (shared/api-keys.ts). */
    keyScope?: ApiKeyScope;
  }
}
