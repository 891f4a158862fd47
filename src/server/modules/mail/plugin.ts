import fp from 'fastify-plugin';
import { createMailOutbox, type MailOutbox } from './outbox';

declare module 'fastify' {
  interface FastifyInstance {
    /** Staff notification mail, when SMTP_URL is set. */
    mailOutbox: MailOutbox | null;
  }
}

/** `app.mailOutbox`: mail queued in the database with the write, sent and retried from there. */
export const mailOutboxPlugin = fp(
  async (app) => {
    const { env } = app;
    const outbox = env.SMTP_URL
      ? createMailOutbox(app.database, {
          smtpUrl: env.SMTP_URL,
          from: env.MAIL_FROM,
          retryBaseMs: env.MAIL_RETRY_SECONDS * 1000,
          log: app.log,
        })
      : null;
    app.decorate('mailOutbox', outbox);
    if (outbox) {
      outbox.start();
      app.addHook('onClose', () => outbox.stop());
    }
  },
  { name: 'mail-outbox', dependencies: ['env', 'database'] },
);
