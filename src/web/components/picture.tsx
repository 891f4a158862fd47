import { srcSetFor } from '../lib/images';

interface PictureProps {
  src: string;
  alt: string;
  /** The slot's width in CSS pixels at each breakpoint, for the browser to pick a variant. */
  sizes: string;
  /** The slot's intrinsic proportions; CSS crops the picture to them (object-fit), so nothing shifts. */
  width: number;
  height: number;
  /** The first picture a visitor sees: loaded at once and before other pictures. */
  priority?: boolean;
  className?: string;
}

const MEDIA = /^\/media\/([0-9a-f]{32})\.webp$/;

/** An uploaded picture with its responsive variants, fixed proportions and lazy loading below the fold. */
export function Picture({ src, alt, sizes, width, height, priority = false, className }: PictureProps) {
  const srcSet = srcSetFor(src);
  const match = MEDIA.exec(src);
  // The fallback for browsers without srcset support: a mid-sized variant, not the original.
  const fallback = match ? `/media/${match[1]}-640.webp` : src;
  return (
    <img
      className={className}
      src={fallback}
      srcSet={srcSet}
      sizes={srcSet ? sizes : undefined}
      width={width}
      height={height}
      alt={alt}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : undefined}
      decoding={priority ? 'auto' : 'async'}
    />
  );
}
