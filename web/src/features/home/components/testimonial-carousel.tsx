import { ChevronLeft, ChevronRight, Pause, Play, Quote } from 'lucide-react';
import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import type { Testimonial } from '@/features/home/testimonials';
import { usePrefersReducedMotion } from '@/lib/reduced-motion';

const SWIPE_PX = 40;

/**
 * A carousel of testimonials (WAI-ARIA carousel pattern). It advances on its own every
 * `intervalMs` unless the visitor prefers reduced motion, hovers it, focuses inside it or
 * presses Pause. Arrow keys, the buttons and a horizontal swipe move between slides.
 */
export function TestimonialCarousel({ items, intervalMs = 7000 }: { items: Testimonial[]; intervalMs?: number }) {
  const [index, setIndex] = useState(0);
  const prefersReducedMotion = usePrefersReducedMotion();
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  // Until the visitor presses Pause or Play, reduced motion decides.
  const [chosen, setChosen] = useState<boolean | null>(null);
  const stopped = chosen ?? prefersReducedMotion;
  const swipeStart = useRef<number | null>(null);
  const count = items.length;
  const rotating = !stopped && !hovered && !focused;

  const go = (delta: number) => setIndex((i) => (i + delta + count) % count);

  useEffect(() => {
    if (!rotating) return;
    const timer = setInterval(() => setIndex((i) => (i + 1) % count), intervalMs);
    return () => clearInterval(timer);
  }, [rotating, count, intervalMs]);

  function onKeyDown(e: KeyboardEvent) {
    if (e.key === 'ArrowRight') go(1);
    else if (e.key === 'ArrowLeft') go(-1);
    else return;
    e.preventDefault();
  }

  function onPointerUp(e: PointerEvent) {
    if (swipeStart.current === null) return;
    const dx = e.clientX - swipeStart.current;
    swipeStart.current = null;
    if (Math.abs(dx) >= SWIPE_PX) go(dx < 0 ? 1 : -1);
  }

  return (
    <div
      className="carousel"
      role="region"
      aria-roledescription="carousel"
      aria-label="Client testimonials"
      tabIndex={0}
      onKeyDown={onKeyDown}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocused(false);
      }}
    >
      <div className="carousel-controls">
        <button
          type="button"
          className="carousel-btn"
          onClick={() => setChosen(!stopped)}
          aria-label={stopped ? 'Start automatic slide show' : 'Stop automatic slide show'}
        >
          {stopped ? <Play size={18} aria-hidden="true" /> : <Pause size={18} aria-hidden="true" />}
        </button>
        <button type="button" className="carousel-btn" onClick={() => go(-1)} aria-label="Previous testimonial">
          <ChevronLeft size={20} aria-hidden="true" />
        </button>
        <button type="button" className="carousel-btn" onClick={() => go(1)} aria-label="Next testimonial">
          <ChevronRight size={20} aria-hidden="true" />
        </button>
      </div>
      <div
        className="carousel-viewport"
        aria-live={rotating ? 'off' : 'polite'}
        onPointerDown={(e) => (swipeStart.current = e.clientX)}
        onPointerUp={onPointerUp}
        onPointerCancel={() => (swipeStart.current = null)}
      >
        <div className="carousel-track" style={{ transform: `translateX(-${index * 100}%)` }}>
          {items.map((t, i) => (
            // A div, not a figure: the slide needs role="group", which a figure may not take.
            <div
              key={t.userName}
              className="carousel-slide"
              role="group"
              aria-roledescription="slide"
              aria-label={`${i + 1} of ${count}`}
              aria-hidden={i !== index}
              inert={i !== index}
            >
              <Quote className="carousel-quote" size={32} aria-hidden="true" />
              <p className="carousel-event">{t.event}</p>
              <blockquote>
                <p>{t.message}</p>
              </blockquote>
              <p className="carousel-caption">
                <strong>{t.userName}</strong>
                <span>{t.company}</span>
              </p>
            </div>
          ))}
        </div>
      </div>
      <div className="carousel-dots">
        {items.map((t, i) => (
          <button
            key={t.userName}
            type="button"
            className="carousel-dot"
            aria-label={`Show testimonial ${i + 1}`}
            aria-current={i === index}
            onClick={() => setIndex(i)}
          />
        ))}
      </div>
    </div>
  );
}
