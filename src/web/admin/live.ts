import { useEffect, useRef } from 'react';
import { LIVE_PATH, type LiveChange } from '../../shared/request-stats';

/** How often to ask again while the live stream is down. */
const FALLBACK_POLL_MS = 20_000;
/** How long to wait before opening a stream the server refused (it does not retry by itself). */
const REOPEN_MS = [5_000, 15_000, 60_000];

/**
 * Hear changes of `resource` as they happen, through the staff stream `/api/live` (Server-Sent
 * Events). While the stream is down (no EventSource, a refusal, a dropped connection) the page is
 * told to look again every 20 s instead, with `{ id: '*', action: 'poll' }`, and once more when
 * the stream comes back, since changes made meanwhile were not heard. A role without the stream's
 * right (`enabled` false) opens nothing and is told nothing.
 */
export function useLiveChanges(resource: string, onChange: (change: LiveChange) => void, enabled = true) {
  const handler = useRef(onChange);
  handler.current = onChange;

  useEffect(() => {
    if (!enabled) return;
    let source: EventSource | null = null;
    let poll: ReturnType<typeof setInterval> | undefined;
    let reopen: ReturnType<typeof setTimeout> | undefined;
    let failures = 0;
    let stopped = false;
    const missed = (action: string) => handler.current({ type: resource, id: '*', action });

    const startPolling = () => {
      poll ??= setInterval(() => missed('poll'), FALLBACK_POLL_MS);
    };
    const stopPolling = () => {
      clearInterval(poll);
      poll = undefined;
    };

    const open = () => {
      if (stopped) return;
      if (typeof EventSource === 'undefined') return startPolling();
      source = new EventSource(LIVE_PATH, { withCredentials: true });
      source.onopen = () => {
        if (poll || failures > 0) missed('reconnect');
        failures = 0;
        stopPolling();
      };
      source.onmessage = (message) => {
        try {
          const change = JSON.parse(String(message.data)) as LiveChange;
          if (change.type === resource) handler.current(change);
        } catch {
          // A line we do not understand is not a change.
        }
      };
      source.onerror = () => {
        startPolling();
        // CONNECTING: the browser retries by itself. CLOSED: the server refused (a 401, 429 or
        // 503), so open a new stream later, less often each time.
        if (source?.readyState === EventSource.CLOSED) {
          source.close();
          source = null;
          const wait = REOPEN_MS[Math.min(failures, REOPEN_MS.length - 1)];
          failures += 1;
          reopen = setTimeout(open, wait);
        }
      };
    };

    open();
    return () => {
      stopped = true;
      source?.close();
      stopPolling();
      clearTimeout(reopen);
    };
  }, [resource, enabled]);
}
