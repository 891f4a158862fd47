import fp from 'fastify-plugin';
import { lazySecretBox, type SecretBox } from './secret-box';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The site's one secret box (two-factor secrets, sealed track links), made on first use from
     * SECRET_KEY or the data folder's key; null on a PostgreSQL site without SECRET_KEY.
     */
    secretBox: () => Promise<SecretBox | null>;
  }
}

/** `app.secretBox`: one key, read once, for every module that seals something. */
export const secretBoxPlugin = fp(
  async (app) => {
    app.decorate(
      'secretBox',
      lazySecretBox({
        secretKey: app.env.SECRET_KEY,
        dataDir: app.env.DATA_DIR,
        databaseKind: app.database.kind,
      }),
    );
  },
  { name: 'secret-box', dependencies: ['env', 'database'] },
);
