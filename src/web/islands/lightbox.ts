/**
 * The gallery's photos in a dialog: a click (or Enter) on a photo opens it large over the page;
 * arrow keys and the buttons move between the photos of the page, Escape or Close shut it and
 * focus goes back to the photo it came from. Without JavaScript a photo's link opens the image.
 * The photo's alt text is its caption (the gallery's), so the dialog's caption repeats the page's.
 */
export function bindLightbox(root: HTMLElement) {
  const links = [...root.querySelectorAll<HTMLAnchorElement>('a.gallery-link')];
  if (links.length === 0) return;
  const dialog = document.createElement('dialog');
  dialog.className = 'lightbox';
  dialog.setAttribute('aria-label', 'Photo');
  const figure = document.createElement('figure');
  const image = document.createElement('img');
  image.decoding = 'async';
  const caption = document.createElement('figcaption');
  figure.append(image, caption);
  const button = (label: string, text: string, className: string) => {
    const element = document.createElement('button');
    element.type = 'button';
    element.className = `lightbox-button ${className}`;
    element.setAttribute('aria-label', label);
    element.textContent = text;
    return element;
  };
  const previous = button('Previous photo', '‹', 'lightbox-previous');
  const next = button('Next photo', '›', 'lightbox-next');
  const close = button('Close', '×', 'lightbox-close');
  dialog.append(close, previous, figure, next);
  document.body.append(dialog);

  let index = 0;
  function show(at: number) {
    index = (at + links.length) % links.length;
    const link = links[index]!;
    const alt = link.querySelector('img')?.alt ?? '';
    image.src = link.href;
    image.alt = alt;
    caption.textContent = `${alt} (${index + 1} of ${links.length})`;
  }
  links.forEach((link, i) => {
    link.addEventListener('click', (event) => {
      if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      event.preventDefault();
      show(i);
      dialog.showModal();
      close.focus();
    });
  });
  previous.addEventListener('click', () => show(index - 1));
  next.addEventListener('click', () => show(index + 1));
  close.addEventListener('click', () => dialog.close());
  dialog.addEventListener('keydown', (event) => {
    if (event.key === 'ArrowLeft') show(index - 1);
    else if (event.key === 'ArrowRight') show(index + 1);
  });
  // A click on the backdrop (the dialog itself, outside the photo and buttons) closes it.
  dialog.addEventListener('click', (event) => {
    if (event.target === dialog) dialog.close();
  });
  dialog.addEventListener('close', () => links[index]?.focus());
}
