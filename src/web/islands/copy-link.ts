/**
 * "Copy link" on the thank-you: the private track link to the clipboard. The page shows the
 * button only where the browser can copy; without script the link stays selectable in its field.
 */
export function bindCopyLink(container: HTMLElement) {
  const button = container.querySelector<HTMLButtonElement>('[data-copy-link]');
  const field = container.querySelector<HTMLInputElement>('[data-thanks-link]');
  const status = container.querySelector<HTMLElement>('[data-copy-status]');
  if (!button || !field) return;
  // Tapping the link selects all of it, for a copy by hand.
  field.addEventListener('focus', () => field.select());
  if (!navigator.clipboard) return;
  button.hidden = false;
  button.addEventListener('click', async () => {
    try {
      await navigator.clipboard.writeText(field.value);
      if (status) status.textContent = 'Link copied.';
    } catch {
      field.focus();
      if (status)
        status.textContent = 'Copying is not allowed here: the link is selected, copy it from your keyboard.';
    }
  });
}
