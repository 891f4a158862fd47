import type { EventEmitter } from 'node:events';
import type { AuditAction } from '../shared/audit';
import type { AccessRule } from '../shared/content/define';
import type { Role } from '../shared/roles';
import type { SiteData } from '../shared/site-data';
import type { ContentRepository } from './content/repository';
import type { Database } from './db/client';
import type { Env } from './env';
import type { MailOutbox } from './modules/mail/outbox';

export interface SessionUser {
  _id: string;
  name: string;
  username: string;
  role: Role;
}

/** What happened to stored data or a session; page caches, the audit log and notifications listen. */
export interface ChangeEvent {
  /** A content type's name, or 'settings', 'media', 'users', 'session'. */
  resource: string;
  id: string;
  action: AuditAction;
  actor: SessionUser | null;
  fields?: string[];
}

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
     * 'change' after every write in this process; 'remoteChange' when another instance sharing
     * the database wrote (see modules/cluster). Caches listen to both.
     */
    events: EventEmitter<{ change: [ChangeEvent]; remoteChange: [ChangeEvent] }>;
  }
  interface FastifyRequest {
    user: SessionUser | null;
    /** How the request proved who it is. */
    authMethod: 'cookie' | 'bearer' | null;
    /** A cookie-authenticated write without a matching anti-forgery header. */
    csrfFailed: boolean;
  }
  interface FastifyContextConfig {
    /** Who may call the route. Every route declares one; see plugins/access.ts. */
    access?: AccessRule;
  }
}
