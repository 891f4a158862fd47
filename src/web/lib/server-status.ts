import { API_FAILED_EVENT } from './api';

export const SERVER_DOWN_MESSAGE = 'Server is not responding. Please check the connection.';
const RECHECK_WHILE_DOWN_MS = 10_000;
/** A status check that takes longer than this counts as no answer (a dead link often hangs). */
const STATUS_TIMEOUT_MS = 8_000;

async function serverAnswers(): Promise<boolean> {
  try {
    const response = await fetch('/api/status', {
      cache: 'no-store',
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(STATUS_TIMEOUT_MS),
    });
    const body = (await response.json().catch(() => null)) as { isActive?: unknown } | null;
    return response.ok && body?.isActive === true;
  } catch {
    return false;
  }
}

/**
 * Tell `onChange` whether the server is down: when /api/status fails, answers nothing or says
 * isActive false. Checked at once and whenever an API call fails or the browser comes back
 * online; while down, checked again every few seconds so the banner goes away by itself. The
 * admin area's React banner and the public pages' island both run on this. Returns a stop.
 */
export function watchServer(onChange: (down: boolean) => void): () => void {
  let stopped = false;
  let pending = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  async function check() {
    if (pending) return;
    pending = true;
    const up = await serverAnswers();
    pending = false;
    if (stopped) return;
    onChange(!up);
    clearTimeout(timer);
    if (!up) timer = setTimeout(check, RECHECK_WHILE_DOWN_MS);
  }
  void check();
  window.addEventListener(API_FAILED_EVENT, check);
  window.addEventListener('online', check);
  window.addEventListener('offline', check);
  return () => {
    stopped = true;
    clearTimeout(timer);
    window.removeEventListener(API_FAILED_EVENT, check);
    window.removeEventListener('online', check);
    window.removeEventListener('offline', check);
  };
}
