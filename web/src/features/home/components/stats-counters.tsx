import { useEffect, useRef, useState } from 'react';
import { STATS } from '@/features/home/content';
import { prefersReducedMotion } from '@/lib/reduced-motion';

const DURATION_MS = 1400;

/**
 * The four counters. They count up from 0 once the list scrolls into view; until then, and
 * with reduced motion, without IntersectionObserver or before the script runs (the page is
 * prerendered), they show the final figures. Screen readers always read the final figure:
 * the moving number is hidden from them.
 */
export function StatsCounters() {
  const listRef = useRef<HTMLUListElement>(null);
  const [progress, setProgress] = useState(1);

  useEffect(() => {
    const list = listRef.current;
    if (!list || prefersReducedMotion() || typeof IntersectionObserver === 'undefined') return;
    let frame = 0;
    const observer = new IntersectionObserver(
      ([entry]) => {
        if (!entry?.isIntersecting) return;
        observer.disconnect();
        const start = performance.now();
        const tick = (now: number) => {
          const t = Math.min(1, (now - start) / DURATION_MS);
          setProgress(1 - (1 - t) ** 3); // ease-out: fast at first, settling on the figure
          if (t < 1) frame = requestAnimationFrame(tick);
        };
        frame = requestAnimationFrame(tick);
      },
      { threshold: 0.4 },
    );
    observer.observe(list);
    return () => {
      observer.disconnect();
      cancelAnimationFrame(frame);
    };
  }, []);

  return (
    <ul ref={listRef} className="stats-list">
      {STATS.map((stat) => (
        <li key={stat.label} className="stat">
          <span className="stat-value" aria-hidden="true">
            {Math.round(stat.value * progress)}
            {stat.suffix}
          </span>
          <span className="visually-hidden">
            {stat.value}
            {stat.suffix}{' '}
          </span>
          <span className="stat-label">{stat.label}</span>
        </li>
      ))}
    </ul>
  );
}
