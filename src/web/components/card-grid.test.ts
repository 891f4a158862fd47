import { createElement, Fragment } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { CardGrid } from './card-grid';

interface Item {
  id: string;
  name: string;
  image: string;
}

const items: Item[] = [
  { id: 'a', name: 'Lahore', image: '/media/0123456789abcdef0123456789abcdef.webp' },
  { id: 'b', name: 'Karachi', image: '' },
  { id: 'c', name: 'Islamabad', image: '/media/fedcba9876543210fedcba9876543210.webp' },
];

function render(priorityFirst: boolean) {
  const html = renderToStaticMarkup(
    createElement(CardGrid<Item>, {
      items,
      className: 'card-grid',
      cardClassName: 'card',
      image: { src: (item) => item.image, sizes: '92vw', className: 'card-image' },
      noImage: (item) => createElement('span', { className: 'blank' }, item.name.charAt(0)),
      priorityFirst,
      // biome-ignore lint/correctness/noChildrenProp: the grid's child is a render function; without JSX it is passed as the prop.
      children: (item: Item) => createElement(Fragment, null, createElement('h2', null, item.name)),
    }),
  );
  // One entry per card: its markup between <li> and </li>.
  return [...html.matchAll(/<li class="card" data-reveal="true">(.*?)<\/li>/g)].map(
    (match) => match[1] as string,
  );
}

const loading = (card: string) => /loading="(\w+)"/.exec(card)?.[1];

describe('CardGrid', () => {
  it('shows each card with its picture, or its stand-in, before its text', () => {
    const cards = render(false);
    expect(cards).toHaveLength(3);
    expect(cards[0]).toMatch(/^<img [^>]*class="card-image"[^>]*><h2>Lahore<\/h2>$/);
    expect(cards[1]).toBe('<span class="blank">K</span><h2>Karachi</h2>');
    expect(cards[2]).toMatch(/^<img [^>]*alt=""[^>]*><h2>Islamabad<\/h2>$/);
  });

  it("loads the first picture at once when it is the page's first, and the others lazily", () => {
    expect(render(true).map(loading)).toEqual(['eager', undefined, 'lazy']);
    expect(render(false).map(loading)).toEqual(['lazy', undefined, 'lazy']);
  });
});
