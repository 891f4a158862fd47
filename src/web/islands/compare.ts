/**
 * A job's before and after pictures as one frame with a divider (ProjectComparison's markup):
 * the before picture shows left of the divider, the after picture right of it. The divider follows
 * a mouse, pen or finger dragged across the frame (pointer events; a vertical swipe still scrolls
 * the page) and a real range input, labelled "Before / after", moves it by keyboard. Without
 * JavaScript the two pictures stand side by side.
 */

/** Where the divider starts: the middle, half of each picture. */
export const COMPARE_START = 50;
/** How far an arrow key moves the divider, and Page Up / Page Down, in percent of the width. */
export const COMPARE_STEP = 5;
export const COMPARE_PAGE = 20;

const clamp = (position: number) => Math.min(100, Math.max(0, position));

/** Where a key moves the divider from `current` (percent from the left), or null for other keys. */
export function positionForKey(key: string, current: number): number | null {
  switch (key) {
    case 'ArrowLeft':
    case 'ArrowDown':
      return clamp(current - COMPARE_STEP);
    case 'ArrowRight':
    case 'ArrowUp':
      return clamp(current + COMPARE_STEP);
    case 'PageDown':
      return clamp(current - COMPARE_PAGE);
    case 'PageUp':
      return clamp(current + COMPARE_PAGE);
    case 'Home':
      return 0;
    case 'End':
      return 100;
    default:
      return null;
  }
}

/** The divider's position under a pointer at `x`, in a frame starting at `left` that is `width` wide. */
export function positionAt(x: number, left: number, width: number): number {
  if (!(width > 0)) return COMPARE_START;
  return clamp(Math.round(((x - left) / width) * 1000) / 10);
}

/** What a screen reader says of a position: how much of each picture shows. */
export function positionText(position: number): string {
  const before = Math.round(position);
  return `${before}% before, ${100 - before}% after`;
}

export function bindCompare(root: HTMLElement) {
  const found = root.querySelector<HTMLElement>('.compare-after');
  if (!found || !root.querySelector('.compare-before')) return;
  const after: HTMLElement = found;

  const divider = document.createElement('span');
  divider.className = 'compare-divider';
  divider.setAttribute('aria-hidden', 'true');
  const grip = document.createElement('span');
  grip.className = 'compare-grip';
  divider.append(grip);

  const range = document.createElement('input');
  range.type = 'range';
  range.min = '0';
  range.max = '100';
  range.step = '1';
  range.className = 'compare-range';
  range.setAttribute('aria-label', 'Before / after');
  root.append(divider, range);
  root.classList.add('is-slider');

  function show(position: number) {
    const at = clamp(position);
    range.value = String(at);
    range.setAttribute('aria-valuetext', positionText(at));
    after.style.clipPath = `inset(0 0 0 ${at}%)`;
    divider.style.left = `${at}%`;
  }
  show(COMPARE_START);

  range.addEventListener('input', () => show(Number(range.value)));
  range.addEventListener('keydown', (event) => {
    const next = positionForKey(event.key, Number(range.value));
    if (next === null) return;
    event.preventDefault();
    show(next);
  });

  const follow = (event: PointerEvent) => {
    const frame = root.getBoundingClientRect();
    show(positionAt(event.clientX, frame.left, frame.width));
  };
  root.addEventListener('pointerdown', (event) => {
    if (!event.isPrimary || event.button !== 0) return;
    root.setPointerCapture(event.pointerId);
    root.classList.add('is-dragging');
    follow(event);
    range.focus({ preventScroll: true });
  });
  root.addEventListener('pointermove', (event) => {
    if (root.hasPointerCapture(event.pointerId)) follow(event);
  });
  const release = (event: PointerEvent) => {
    if (root.hasPointerCapture(event.pointerId)) root.releasePointerCapture(event.pointerId);
    root.classList.remove('is-dragging');
  };
  root.addEventListener('pointerup', release);
  root.addEventListener('pointercancel', release);
}
