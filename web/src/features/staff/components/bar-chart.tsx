import { useId } from 'react';
import { barHeight, niceMax, summarise, ticks } from '@/features/staff/chart-scale';

export interface BarPoint {
  label: string;
  value: number;
  /** Drawn in the accent colour (e.g. today). */
  highlight?: boolean;
}

interface BarChartProps {
  title: string;
  points: BarPoint[];
  format?: (n: number) => string;
  /** The gridlines' numbers (short: the axis is narrow); `format` when not given. */
  tickFormat?: (n: number) => string;
  /** Heading of the table's value column. */
  valueLabel: string;
}

// Drawn small and scaled up, so the axis text stays readable on a phone (about 9 px at 390 px wide).
const WIDTH = 400;
const HEIGHT = 200;
const LEFT = 36;
const RIGHT = 14;
const BOTTOM = 24;
const TOP = 8;

/**
 * A bar chart in plain SVG (no chart library in the console's chunk). The drawing is one image
 * with a sentence that sums it up; the same figures are in a table a person can open.
 */
export function BarChart({ title, points, format = String, tickFormat = format, valueLabel }: BarChartProps) {
  const titleId = useId();
  const descId = useId();
  const top = niceMax(Math.max(0, ...points.map((p) => p.value)));
  const plotHeight = HEIGHT - BOTTOM - TOP;
  const slot = (WIDTH - LEFT - RIGHT) / Math.max(1, points.length);
  const barWidth = Math.max(2, slot * 0.7);
  // At most six labels fit the axis; the table has every one.
  const labelEvery = Math.ceil(points.length / 6);
  const summary = summarise(points, format);

  return (
    <figure className="staff-chart">
      <figcaption id={titleId}>{title}</figcaption>
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-labelledby={titleId} aria-describedby={descId}>
        {ticks(top).map((t) => {
          const y = TOP + plotHeight - barHeight(t, top, plotHeight);
          return (
            <g key={t} className="grid">
              <line x1={LEFT} x2={WIDTH - RIGHT} y1={y} y2={y} />
              <text x={LEFT - 6} y={y + 4} textAnchor="end">
                {tickFormat(t)}
              </text>
            </g>
          );
        })}
        {points.map((p, i) => {
          const h = barHeight(p.value, top, plotHeight);
          const x = LEFT + i * slot + (slot - barWidth) / 2;
          return (
            <g key={p.label}>
              <rect
                className={p.highlight ? 'bar highlight' : 'bar'}
                x={x}
                y={TOP + plotHeight - h}
                width={barWidth}
                height={h}
              />
              {i % labelEvery === 0 && (
                <text className="axis" x={x + barWidth / 2} y={HEIGHT - 6} textAnchor="middle">
                  {p.label}
                </text>
              )}
            </g>
          );
        })}
      </svg>
      <p id={descId} className="staff-chart-summary">
        {summary}
      </p>
      <details>
        <summary>Show the figures as a table</summary>
        <table className="staff-table">
          <caption className="visually-hidden">{title}</caption>
          <thead>
            <tr>
              <th scope="col">Period</th>
              <th scope="col">{valueLabel}</th>
            </tr>
          </thead>
          <tbody>
            {points.map((p) => (
              <tr key={p.label}>
                <th scope="row">{p.label}</th>
                <td>{format(p.value)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
