import { CAROUSEL_INTERVAL_MS } from '../../shared/constants';
import type { TestimonialData } from '../lib/view-models';
import { Icon } from './icons';
import { Picture } from './picture';

const STAR_POSITIONS = [1, 2, 3, 4, 5] as const;

/** A testimonial as the pages show it (view-models.ts). */
export type Testimonial = TestimonialData;

/** One customer's words with their rating, name and photo: a carousel slide or a card. */
export function TestimonialQuote({ testimonial: t }: { testimonial: Testimonial }) {
  return (
    <figure>
      <div className="stars" role="img" aria-label={`Rated ${t.rating} out of 5`}>
        {STAR_POSITIONS.map((position) => (
          <Icon key={position} name="star" className={`icon star${position <= t.rating ? ' is-on' : ''}`} />
        ))}
      </div>
      <blockquote>
        <p>{t.text}</p>
      </blockquote>
      <figcaption>
        {t.image ? (
          <Picture src={t.image} alt="" sizes="56px" width={56} height={56} className="avatar" />
        ) : null}
        <span>
          <strong>{t.name}</strong>
          <span className="muted">{t.position}</span>
        </span>
      </figcaption>
    </figure>
  );
}

/**
 * Testimonials, three at a time on wide screens and one on phones (CSS decides how many of the
 * slots show). With the island it advances every 5 s; a dot picks the first card and restarts
 * the timer; it pauses while hovered or focused, and never moves by itself for visitors who
 * prefer reduced motion.
 */
export function TestimonialCarousel({ testimonials }: { testimonials: Testimonial[] }) {
  const count = testimonials.length;
  if (count === 0) return <p className="empty">No testimonials yet.</p>;
  // Slot k shows testimonial k at first; slots 1 and 2 only appear on wide screens. The carousel
  // island moves the slots along (src/web/islands/carousel.ts).
  return (
    <section
      className="carousel"
      aria-roledescription="carousel"
      aria-label="What our customers say"
      data-island="carousel"
      data-interval={CAROUSEL_INTERVAL_MS}
    >
      <ul className="carousel-track" aria-live="off">
        {testimonials.map((t, i) => {
          const shown = i < Math.min(3, count);
          return (
            <li
              key={t.id}
              className={`testimonial slot-${shown ? i : 'off'}`}
              aria-roledescription="slide"
              aria-label={`${i + 1} of ${count}`}
              aria-hidden={shown ? undefined : true}
            >
              <TestimonialQuote testimonial={t} />
            </li>
          );
        })}
      </ul>
      {/* Dots do something only with the island: without JavaScript they are not there. */}
      <div className="carousel-dots" hidden>
        {testimonials.map((t, i) => (
          <button
            key={t.id}
            type="button"
            className="dot"
            aria-label={`Show testimonial ${i + 1} of ${count}`}
            aria-current={i === 0 ? 'true' : undefined}
          />
        ))}
      </div>
    </section>
  );
}
