import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { visitMoment } from '@api/visits';
import { LOST_ACCESS, NotOpenCard, RefusedCard } from '@/features/visit/components/visit-screens';

const inRouter = (ui: React.ReactElement) => render(<MemoryRouter>{ui}</MemoryRouter>);

describe("the visit page's cards", () => {
  it('when the visit is not open yet, then a calm notice says when it opens, with no error box', () => {
    const opensAt = '2026-11-27T09:45:00.000Z';
    const { container } = inRouter(<NotOpenCard headingRef={null} opensAt={opensAt} role="patient" />);
    expect(screen.getByRole('region', { name: 'Your visit is not open yet' })).toHaveTextContent(
      `It opens at ${visitMoment(opensAt)}, 15 minutes before the appointment.`,
    );
    expect(screen.getByText(/Keep this page open/)).toBeInTheDocument();
    expect(container.querySelector('.visit-refusal, .visit-problem, [role="alert"]')).toBeNull();
  });

  it("when a host's access was taken away, then the card says so in words, with the API's reason and the way to sign in again", () => {
    const msg = 'Your sign-in has expired or is not valid. Please log in again.';
    inRouter(<RefusedCard headingRef={null} message={msg} lostAccess role="host" />);
    const card = screen.getByRole('region', { name: 'You no longer have access to this visit' });
    expect(card).toHaveTextContent(
      'Your role at the clinic was removed or changed while the visit was open, so the call has ended on this device.',
    );
    expect(card).toHaveTextContent(LOST_ACCESS);
    expect(card).toHaveTextContent(msg);
    expect(screen.getByRole('link', { name: 'Staff sign in' })).toHaveAttribute('href', '/staff');
  });
});
