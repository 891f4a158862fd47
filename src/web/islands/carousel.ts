/**
 * The testimonial carousel's timer and dots, on the server's markup (TestimonialCarousel): slot
 * classes say which card shows where, CSS decides how many slots a screen shows.
 */
export function bindCarousel(root: HTMLElement) {
  const slides = [...root.querySelectorAll<HTMLElement>('.carousel-track > li')];
  const track = root.querySelector<HTMLElement>('.carousel-track')!;
  const dotsBox = root.querySelector<HTMLElement>('.carousel-dots');
  const dots = [...root.querySelectorAll<HTMLButtonElement>('.carousel-dots .dot')];
  const count = slides.length;
  const interval = Number(root.dataset.interval) || 5000;
  const reduceMotion = window.matchMedia('(prefers-reduced-motion: reduce)');
  let index = 0;
  let hovered = false;
  let focused = false;
  let timer: ReturnType<typeof setInterval> | undefined;

  function show(next: number) {
    index = (next + count) % count;
    slides.forEach((slide, i) => {
      // Slot k shows testimonial (index + k) mod count; slots 1 and 2 only appear on wide screens.
      const slot = (i - index + count) % count;
      const shown = slot < Math.min(3, count);
      slide.className = `testimonial slot-${shown ? slot : 'off'}`;
      slide.toggleAttribute('aria-hidden', !shown);
      if (!shown) slide.setAttribute('aria-hidden', 'true');
    });
    dots.forEach((dot, i) => {
      if (i === index) dot.setAttribute('aria-current', 'true');
      else dot.removeAttribute('aria-current');
    });
  }
  function restart() {
    clearInterval(timer);
    const paused = hovered || focused || reduceMotion.matches;
    track.setAttribute('aria-live', paused ? 'polite' : 'off');
    if (!paused && count > 1) timer = setInterval(() => show(index + 1), interval);
  }

  if (dotsBox) dotsBox.hidden = false;
  dots.forEach((dot, i) => {
    dot.addEventListener('click', () => {
      show(i);
      restart();
    });
  });
  root.addEventListener('mouseenter', () => {
    hovered = true;
    restart();
  });
  root.addEventListener('mouseleave', () => {
    hovered = false;
    restart();
  });
  // Keyboard focus pauses (WCAG 2.2.2); a mouse click on a dot just restarts the timer.
  root.addEventListener('focusin', (event) => {
    focused = (event.target as HTMLElement).matches(':focus-visible');
    restart();
  });
  root.addEventListener('focusout', (event) => {
    if (root.contains(event.relatedTarget as Node | null)) return;
    focused = false;
    restart();
  });
  reduceMotion.addEventListener('change', restart);
  restart();
}
