/**
 * The arithmetic of the overview's bar charts, apart from the SVG so it can be tested: a
 * rounded top for the axis (1, 2 or 5 times a power of ten), its gridlines, and each bar's
 * height in the drawing's units.
 */

/** Gridlines above zero: the axis is drawn in this many equal steps. */
export const GRID_STEPS = 4;

/**
 * The axis top: GRID_STEPS times the smallest whole 1/2/5 x 10^n step that reaches `max`, so
 * every gridline is a whole number (counts and cedis); an empty chart reads 0 to 4.
 */
export function niceMax(max: number): number {
  const needed = max > 0 ? max / GRID_STEPS : 0;
  if (needed <= 1) return GRID_STEPS;
  const power = 10 ** Math.floor(Math.log10(needed));
  const step = [1, 2, 5, 10].map((m) => m * power).find((s) => s >= needed) ?? 10 * power;
  return step * GRID_STEPS;
}

/** Gridline values from 0 to `top` in `count` equal steps (whole numbers when top allows). */
export function ticks(top: number, count = GRID_STEPS): number[] {
  const step = top / count;
  return Array.from({ length: count + 1 }, (_, i) => Math.round(i * step * 100) / 100);
}

/** A bar's height for `value` on an axis of `top`, in a drawing `height` units tall; a non-zero value stays visible. */
export function barHeight(value: number, top: number, height: number): number {
  if (!(value > 0) || !(top > 0)) return 0;
  return Math.max(1, Math.min(height, (value / top) * height));
}

/** One sentence a screen reader reads for the chart: the total, the peak and its label. */
export function summarise(points: { label: string; value: number }[], format: (n: number) => string): string {
  if (points.length === 0) return 'No data.';
  const total = points.reduce((sum, p) => sum + p.value, 0);
  const peak = points.reduce((best, p) => (p.value > best.value ? p : best), points[0]);
  if (total === 0) return `None in the ${points.length} periods shown.`;
  return `${format(total)} in all; the most was ${format(peak.value)} (${peak.label}).`;
}
