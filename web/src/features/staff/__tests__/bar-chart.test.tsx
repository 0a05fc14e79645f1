import { render, screen } from '@testing-library/react';
import { BarChart } from '@/features/staff/components/bar-chart';

describe('BarChart', () => {
  const points = [
    { label: '25 Nov', value: 4 },
    { label: '26 Nov', value: 10, highlight: true },
    { label: '27 Nov', value: 0 },
  ];

  it('when drawn, then it is one image named by its title and described by its summary', () => {
    render(<BarChart title="Bookings per day" valueLabel="Bookings" points={points} />);
    const image = screen.getByRole('img', { name: 'Bookings per day' });
    expect(image).toHaveAccessibleDescription('14 in all; the most was 10 (26 Nov).');
  });

  it('when drawn, then each bar is as tall as its share of the axis and the highlighted one stands out', () => {
    const { container } = render(<BarChart title="Bookings" valueLabel="Bookings" points={points} />);
    const bars = [...container.querySelectorAll('rect.bar')];
    const heights = bars.map((b) => Number(b.getAttribute('height')));
    expect(heights[1]).toBeGreaterThan(heights[0]);
    expect(heights[1] / heights[0]).toBeCloseTo(10 / 4);
    expect(heights[2]).toBe(0);
    expect(bars[1]).toHaveClass('highlight');
  });

  it('when a person opens the table, then every figure is there, formatted', () => {
    render(<BarChart title="Revenue" valueLabel="Revenue" points={points} format={(n) => `GH₵ ${n.toFixed(2)}`} />);
    const table = screen.getByRole('table', { hidden: true });
    expect(table).toHaveTextContent('26 Nov');
    expect(table).toHaveTextContent('GH₵ 10.00');
    expect(table).toHaveTextContent('GH₵ 0.00');
  });
});
