/**
 * A <details> menu (Apps, the phone menu) that closes on Escape, focus back on its summary, and
 * on a click outside it. Without JavaScript it still opens and closes by itself.
 */
export function bindDisclosure(details: HTMLDetailsElement) {
  details.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape' || !details.open) return;
    details.open = false;
    details.querySelector('summary')?.focus();
  });
  document.addEventListener('click', (event) => {
    if (details.open && !details.contains(event.target as Node)) details.open = false;
  });
}
