import type { ReactNode } from 'react';
import { Picture } from './picture';

/**
 * A card's picture: decorative (the card's title names it), cropped by CSS to the slot's
 * proportions, 3:2 unless the slot says otherwise.
 */
export function CardImage({
  src,
  sizes,
  className,
  priority = false,
  width = 600,
  height = 400,
}: {
  src: string;
  sizes: string;
  className: string;
  priority?: boolean;
  width?: number;
  height?: number;
}) {
  return (
    <Picture
      src={src}
      alt=""
      sizes={sizes}
      width={width}
      height={height}
      priority={priority}
      className={className}
    />
  );
}

/**
 * A list of cards, each with its picture first and then what the page writes in it. Services,
 * projects, centers, the about entries and the team all lay their cards out this way; each page
 * keeps its own class names, so each grid keeps its own look.
 */
export function CardGrid<Item extends { id: string }>({
  items,
  className,
  cardClassName,
  image,
  noImage,
  priorityFirst = false,
  children,
}: {
  items: readonly Item[];
  className: string;
  cardClassName: string;
  image: {
    src: (item: Item) => string;
    sizes: string;
    className: string;
    width?: number;
    height?: number;
  };
  /** What stands in the picture's place on a card without one (nothing by default). */
  noImage?: (item: Item) => ReactNode;
  /** The first card's picture is the page's largest above the fold: load it at once. */
  priorityFirst?: boolean;
  children: (item: Item) => ReactNode;
}) {
  return (
    <ul className={className}>
      {items.map((item, i) => {
        const src = image.src(item);
        return (
          <li key={item.id} className={cardClassName} data-reveal>
            {src ? (
              <CardImage
                src={src}
                sizes={image.sizes}
                className={image.className}
                width={image.width}
                height={image.height}
                priority={priorityFirst && i === 0}
              />
            ) : (
              (noImage?.(item) ?? null)
            )}
            {children(item)}
          </li>
        );
      })}
    </ul>
  );
}
