import { useEffect, useState } from 'react';
import { useLocation, useNavigation } from 'react-router';
import { API_FAILED_EVENT } from '../lib/api';

export const SERVER_DOWN_MESSAGE = 'Server is not responding. Please check the connection.';
const RECHECK_WHILE_DOWN_MS = 10_000;

/**
 * The server is down when /api/status fails, answers nothing or says isActive false. Checked at
 * start and whenever an API call fails; while down, checked again every few seconds so the banner
 * goes away by itself when the server answers.
 */
function useServerDown(): boolean {
  const [down, setDown] = useState(false);
  useEffect(() => {
    let cancelled = false;
    let pending = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    async function check() {
      if (pending) return;
      pending = true;
      let up = false;
      try {
        const response = await fetch('/api/status', {
          cache: 'no-store',
          headers: { accept: 'application/json' },
        });
        const body = (await response.json().catch(() => null)) as { isActive?: unknown } | null;
        up = response.ok && body?.isActive === true;
      } catch {
        up = false;
      }
      pending = false;
      if (cancelled) return;
      setDown(!up);
      clearTimeout(timer);
      if (!up) timer = setTimeout(check, RECHECK_WHILE_DOWN_MS);
    }
    check();
    window.addEventListener(API_FAILED_EVENT, check);
    window.addEventListener('online', check);
    return () => {
      cancelled = true;
      clearTimeout(timer);
      window.removeEventListener(API_FAILED_EVENT, check);
      window.removeEventListener('online', check);
    };
  }, []);
  return down;
}

export function ServerStatusBanner() {
  const down = useServerDown();
  if (!down) return null;
  return (
    <div className="server-banner" role="alert">
      {SERVER_DOWN_MESSAGE}
    </div>
  );
}

/** A thin bar at the top while a client-side navigation waits for its data. */
export function LoadingBar() {
  const navigation = useNavigation();
  if (navigation.state === 'idle') return null;
  return <div className="loading-bar" role="progressbar" aria-label="Loading page" />;
}

/**
 * Fade sections in as they scroll into view. Only content below the fold is hidden, and only
 * after hydration: without JavaScript, for crawlers and for visitors who prefer reduced motion,
 * everything is simply there.
 */
export function useScrollReveal() {
  const location = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new page brings new elements to reveal
  useEffect(() => {
    if (typeof IntersectionObserver === 'undefined') return;
    if (window.matchMedia('(prefers-reduced-motion: reduce)').matches) return;
    const below = [...document.querySelectorAll<HTMLElement>('[data-reveal]')].filter(
      (element) => element.getBoundingClientRect().top > window.innerHeight,
    );
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          if (!entry.isIntersecting) continue;
          entry.target.classList.remove('reveal-hidden');
          observer.unobserve(entry.target);
        }
      },
      { threshold: 0.2 },
    );
    for (const element of below) {
      element.classList.add('reveal-hidden');
      observer.observe(element);
    }
    return () => {
      observer.disconnect();
      for (const element of below) element.classList.remove('reveal-hidden');
    };
  }, [location.pathname, location.search]);
}
