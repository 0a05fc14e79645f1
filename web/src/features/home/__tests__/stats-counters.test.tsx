import { render, screen } from '@testing-library/react';
import { StatsCounters } from '@/features/home/components/stats-counters';

describe('Stats counters', () => {
  it('when motion cannot run (no IntersectionObserver), then the final figures show at once', () => {
    render(<StatsCounters />);
    const items = screen.getAllByRole('listitem').map((li) => li.textContent?.replace(/\s+/g, ' '));
    expect(items).toEqual([
      '50+50+ Medical professionals',
      '20+20+ Partner hospitals',
      '50+50+ Corporate and communities',
      '10K+10K+ Clients served',
    ]);
  });
});
