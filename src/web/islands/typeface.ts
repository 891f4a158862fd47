/**
 * The typeface after the first paint (docs/decisions/106). A public page is served with
 * `data-fonts="later"` on its root, which sets its text in Inter's metric-matched fallback: the
 * first paint waits for no font, and a slow phone's first round trips carry the HTML and the
 * hero picture, not 72 KB of type. Once the page has painted, this loads every Inter face the
 * sheet declares and, when all are in, lifts the mark: the text swaps in one step, to the same
 * line breaks. The page's head script lifts the mark before the first paint on later visits,
 * when the browser says it holds the faces already (`FONTS_KEY`).
 */

/** Set once the faces have loaded on this browser: the next page uses them from its cache. */
export const FONTS_KEY = 'site-fonts';

export function loadTypefaceAfterPaint() {
  const root = document.documentElement;
  if (root.dataset.fonts !== 'later') return;
  if (!('fonts' in document)) {
    root.dataset.fonts = 'fallback';
    return;
  }
  afterFirstPaint(() => {
    const faces = [...document.fonts].filter((face) => face.family.replace(/["']/g, '') === 'Inter');
    Promise.all(faces.map((face) => face.load()))
      .then(() => {
        if (faces.length === 0) throw new Error('no Inter face is declared');
        delete root.dataset.fonts;
        try {
          localStorage.setItem(FONTS_KEY, '1');
        } catch {
          // Storage refused (a private window): the next page loads them after its paint again.
        }
      })
      .catch(() => {
        // Offline, or a face failed: the fallback stays, and says so to whoever looks.
        root.dataset.fonts = 'fallback';
      });
  });
}

/**
 * Runs `then` once the page's first contentful paint has happened: the observer hands over the
 * paint entries, earlier ones included (`buffered`), so a page whose `performance` is replaced
 * (a test's fake clock) still hears of it.
 */
function afterFirstPaint(then: () => void) {
  if (
    typeof PerformanceObserver === 'undefined' ||
    !PerformanceObserver.supportedEntryTypes?.includes('paint')
  ) {
    requestAnimationFrame(() => setTimeout(then));
    return;
  }
  const observer = new PerformanceObserver((list) => {
    if (list.getEntriesByName('first-contentful-paint').length === 0) return;
    observer.disconnect();
    then();
  });
  observer.observe({ type: 'paint', buffered: true });
}

/**
 * The page's head script, run before its first paint: the faces are in this browser's cache
 * (the island loaded them on an earlier page), so the text starts in Inter. Inline and tiny; the
 * response's CSP carries its hash.
 */
export const TYPEFACE_HEAD_SCRIPT = `try{localStorage.getItem("${FONTS_KEY}")&&document.documentElement.removeAttribute("data-fonts")}catch(e){}`;
