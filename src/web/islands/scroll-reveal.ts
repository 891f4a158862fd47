/**
 * Fade sections in as they scroll into view. Only content below the fold is hidden, and only by
 * this island: without JavaScript, for crawlers and for visitors who prefer reduced motion,
 * everything is simply there.
 */
export function revealOnScroll() {
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
}
