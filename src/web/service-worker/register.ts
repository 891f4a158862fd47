/**
 * Install the public site's service worker (sw.ts). Called by the public pages' islands; a
 * browser without service workers, or a failed install, leaves the site exactly as it is.
 */
export function registerServiceWorker() {
  if (!('serviceWorker' in navigator)) return;
  navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => undefined);
}
