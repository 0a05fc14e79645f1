import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import SpecialistsPage from '@/features/specialists/pages/specialists-page';

const renderPage = () =>
  render(
    <MemoryRouter>
      <SpecialistsPage />
    </MemoryRouter>,
  );

const doctorNames = () => screen.queryAllByRole('heading', { level: 2 }).map((h) => h.textContent);

describe('Specialists page', () => {
  it('when it opens, then all 9 doctors are listed and counted', () => {
    renderPage();
    expect(screen.getByText('9 doctor(s) found')).toBeInTheDocument();
    expect(doctorNames()).toHaveLength(9);
  });

  it('when a name is searched in any case, then only matching doctors are shown and counted', async () => {
    renderPage();
    await userEvent.type(screen.getByLabelText('Search by name'), 'mENSah');
    expect(screen.getByText('1 doctor(s) found')).toBeInTheDocument();
    expect(doctorNames()).toEqual(['Dr. Ama Mensah']);
  });

  it('when a specialty is chosen, then only its doctors are shown, and a name narrows it further', async () => {
    renderPage();
    await userEvent.selectOptions(screen.getByLabelText('Specialty'), 'Cardiology');
    expect(screen.getByText('2 doctor(s) found')).toBeInTheDocument();
    expect(doctorNames()).toEqual(['Dr. Ama Mensah', 'Dr. Selasi Agbenyega']);
    await userEvent.type(screen.getByLabelText('Search by name'), 'selasi');
    expect(doctorNames()).toEqual(['Dr. Selasi Agbenyega']);
  });

  it('when nothing matches, then the count is 0 and the empty message is shown', async () => {
    renderPage();
    await userEvent.selectOptions(screen.getByLabelText('Specialty'), 'Neurology');
    await userEvent.type(screen.getByLabelText('Search by name'), 'Mensah');
    expect(screen.getByText('0 doctor(s) found')).toBeInTheDocument();
    expect(screen.getByText('No doctors found matching your criteria.')).toBeInTheDocument();
    expect(doctorNames()).toHaveLength(0);
  });
});
