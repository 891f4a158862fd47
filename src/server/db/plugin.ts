import fp from 'fastify-plugin';
import { type ChangeLog, createChangeLog } from './change-log';
import { type Database, openDatabase } from './client';
import { migrate } from './migrate';

declare module 'fastify' {
  interface FastifyInstance {
    database: Database;
    /**
     * Every write runs through `changes.write` and records what it changed in its own transaction;
     * caches hear committed changes of this and other instances through `changes.onChange`.
     */
    changes: ChangeLog;
  }
}

export interface DatabasePluginOptions {
  /** An open database (tests, the CLI); when omitted one is opened from the environment and closed with the app. */
  database?: Database;
  /** Told each slow step of a start as it begins ('Creating the database...'). */
  announce?: (step: string) => void;
}

/** `app.database`, migrated to the latest schema, and `app.changes`, the log every write goes through. */
export const databasePlugin = fp<DatabasePluginOptions>(
  async (app, options) => {
    const database =
      options.database ?? (await openDatabase({ url: app.env.DATABASE_URL, dataDir: app.env.DATA_DIR }));
    if (!options.database) app.addHook('onClose', () => database.close());
    await migrate(database, undefined, options.announce);
    app.decorate('database', database);
    app.decorate('changes', createChangeLog(database));
  },
  { name: 'database', dependencies: ['env'] },
);
