import { useEffect, useState } from 'react';
import { CAROUSEL_INTERVAL_MS } from '../../shared/constants';
import { Icon } from './icons';
import { Picture } from './picture';

const STAR_POSITIONS = [1, 2, 3, 4, 5] as const;

export interface Testimonial {
  id: string;
  name: string;
  position: string;
  text: string;
  rating: number;
  image: string;
}

function usePrefersReducedMotion() {
  const [reduce, setReduce] = useState(false);
  useEffect(() => {
    const query = window.matchMedia('(prefers-reduced-motion: reduce)');
    setReduce(query.matches);
    const onChange = () => setReduce(query.matches);
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, []);
  return reduce;
}

/**
 * Testimonials, three at a time on wide screens and one on phones (CSS decides how many of the
 * slots show). Advances every 5 s; a dot picks the first card and restarts the timer; pauses while
 * hovered or focused, and never moves by itself for visitors who prefer reduced motion.
 */
export function TestimonialCarousel({ testimonials }: { testimonials: Testimonial[] }) {
  const count = testimonials.length;
  const [index, setIndex] = useState(0);
  const [restart, setRestart] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const reduceMotion = usePrefersReducedMotion();
  const paused = hovered || focused || reduceMotion;

  // biome-ignore lint/correctness/useExhaustiveDependencies: `restart` restarts the timer on a dot click
  useEffect(() => {
    if (paused || count < 2) return;
    const timer = setInterval(() => setIndex((i) => (i + 1) % count), CAROUSEL_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [paused, count, restart]);

  if (count === 0) return <p className="empty">No testimonials yet.</p>;

  // Slot k shows testimonial (index + k) mod count; slots 1 and 2 only appear on wide screens.
  const slotOf = (i: number) => (i - index + count) % count;
  return (
    <section
      className="carousel"
      aria-roledescription="carousel"
      aria-label="What our customers say"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      // Keyboard focus pauses (WCAG 2.2.2); a mouse click on a dot just restarts the timer.
      onFocus={(event) => setFocused((event.target as HTMLElement).matches(':focus-visible'))}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
      }}
    >
      <ul className="carousel-track" aria-live={paused ? 'polite' : 'off'}>
        {testimonials.map((t, i) => {
          const slot = slotOf(i);
          const shown = slot < Math.min(3, count);
          return (
            <li
              key={t.id}
              className={`testimonial slot-${shown ? slot : 'off'}`}
              aria-roledescription="slide"
              aria-label={`${i + 1} of ${count}`}
              aria-hidden={shown ? undefined : true}
            >
              <figure>
                <div className="stars" role="img" aria-label={`Rated ${t.rating} out of 5`}>
                  {STAR_POSITIONS.map((position) => (
                    <Icon
                      key={position}
                      name="star"
                      className={`icon star${position <= t.rating ? ' is-on' : ''}`}
                    />
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
            </li>
          );
        })}
      </ul>
      <div className="carousel-dots">
        {testimonials.map((t, i) => (
          <button
            key={t.id}
            type="button"
            className="dot"
            aria-label={`Show testimonial ${i + 1} of ${count}`}
            aria-current={i === index ? 'true' : undefined}
            onClick={() => {
              setIndex(i);
              setRestart((n) => n + 1);
            }}
          />
        ))}
      </div>
    </section>
  );
}
