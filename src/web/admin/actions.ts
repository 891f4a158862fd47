import { ApiError, api } from '../lib/api';
import type { useFeedback } from './feedback';

type Feedback = ReturnType<typeof useFeedback>;

/**
 * One change made from an admin screen: send it, announce the outcome (the server's reason when
 * it refuses), and refresh the screen's data in place.
 */
export async function runChange(
  feedback: Feedback,
  refresh: () => unknown,
  request: { path: string; method: 'POST' | 'PUT' | 'DELETE'; body?: unknown },
  done: string,
): Promise<boolean> {
  let ok = true;
  try {
    await api(request.path, { method: request.method, body: request.body });
    feedback.success(done);
  } catch (error) {
    ok = false;
    feedback.error(error instanceof ApiError ? error.message : 'Something went wrong!');
  }
  await refresh();
  return ok;
}

/** Bring a deleted record back from the trash: the Undo of every delete and the Trash's Restore. */
export function restoreRecord(
  feedback: Feedback,
  refresh: () => unknown,
  resource: string,
  id: string,
  title: string,
) {
  return runChange(
    feedback,
    refresh,
    { path: `/api/trash/${encodeURIComponent(resource)}/${encodeURIComponent(id)}/restore`, method: 'POST' },
    `Restored “${title}”.`,
  );
}
