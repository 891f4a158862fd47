/**
 * Fade sections in as they scroll into view. Only content below the fold is hidden, and only by
 * this island: without JavaScript, for crawlers and for visitors who prefer reduced motion,
 * everything is simply there. Where each section lies comes from the observer's first report,
 * after the browser's own layout: asking for it here would force a layout before the first paint
 * (about 45 ms of a phone's main thread on the home page).
 */
export function revealOnScroll() {
  if (typeof IntersectionObserver === 'undefined') return;
  if (window.matchMedia('(prefers-reduced-motion: reduce)').matches) return;
  const placed = new WeakSet<Element>();
  const observer = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        const first = !placed.has(entry.target);
        placed.add(entry.target);
        if (entry.isIntersecting) {
          entry.target.classList.remove('reveal-hidden');
          observer.unobserve(entry.target);
        } else if (first) {
          // Hidden only when below the screen: a section scrolled past stays as it is.
          if (entry.boundingClientRect.top > (entry.rootBounds?.height ?? window.innerHeight))
            entry.target.classList.add('reveal-hidden');
          else observer.unobserve(entry.target);
        }
      }
    },
    { threshold: 0.2 },
  );
  for (const element of document.querySelectorAll('[data-reveal]')) observer.observe(element);
}
