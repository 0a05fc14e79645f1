import { describeQuality, type Quality } from '@/features/visit/quality';

/** 'Good / Fair / Poor' in a word and a colour, the figures for screen readers (and on hover). */
export function QualityBadge({ quality }: { quality: Quality | undefined }) {
  if (!quality) return null;
  const figures = describeQuality(quality);
  return (
    <span className={`visit-quality ${quality.label.toLowerCase()}`} title={figures}>
      <span aria-hidden="true" className="visit-quality-bars">
        <i />
        <i />
        <i />
      </span>
      <span aria-hidden="true">{quality.label}</span>
      <span className="visually-hidden">{figures}</span>
    </span>
  );
}
