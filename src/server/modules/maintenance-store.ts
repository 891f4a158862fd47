import type { Database } from '../db/client';

/** Reclaim deleted rows and refresh the planner's statistics of every table. */
export async function vacuumAnalyze(database: Database): Promise<void> {
  await database.exec('vacuum (analyze)');
}
