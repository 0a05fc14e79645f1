import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import type { StaffRole } from '@api/staff';
import AppointmentsPage from '@/features/desk/pages/appointments-page';
import DaySheetPage from '@/features/desk/pages/day-sheet-page';
import { longDay } from '@/features/staff/days';
import { mapLink } from '@/features/staff/visits';
import { withQueryClient } from '@/test-support/query';
import { aList, anAppointment, fakeApi, ok } from '@/test-support/staff-answers';

jest.mock('@/lib/dialogs', () => ({ confirm: jest.fn(), showApiError: jest.fn(), showSuccess: jest.fn() }));
jest.mock('@/lib/firebase', () => ({ currentIdToken: () => Promise.resolve('test-token') }));
let role: StaffRole = 'staff';
jest.mock('@/features/staff/staff-session', () => ({
  useStaff: () => ({ status: 'staff', uid: 'staff-1', email: 'staff@expmed.local', role }),
}));

const DAY = '2099-01-07'; // a Wednesday
const HOME_VISIT = anAppointment({
  appointmentId: 'home-1',
  firstName: 'Esi',
  lastName: 'Quaye',
  requestedDay: DAY,
  assignedTo: 'nurse-1',
  assignedToName: 'Nurse Akosua Addo',
  assignedToRole: 'nurse',
  arrivalWindow: { from: '10:00', to: '12:00' },
});
const CONSULTATION = anAppointment({
  appointmentId: 'virtual-1',
  firstName: 'Kojo',
  lastName: 'Badu',
  requestedServiceId: 1,
  requestedService: 'Virtual Consultation (Telemedicine)',
  requestedDay: DAY,
  requestedTime: '09:30',
  doctorId: 'dr-boateng',
  doctorSurName: 'Boateng',
  address: null,
});
const CANCELLED_VISIT = anAppointment({
  appointmentId: 'home-2',
  firstName: 'Abena',
  requestedDay: DAY,
  appointmentStatus: 'Cancelled',
});

const api = fakeApi(() => [
  ['GET', '/api/staff/appointments', () => ok(aList([CONSULTATION, HOME_VISIT, CANCELLED_VISIT]))],
  [
    'GET',
    '/api/doctors',
    () => ok([{ doctorId: 'dr-boateng', surname: 'Boateng', otherNames: 'Kofi', specialty: 'Cardiology' }]),
  ],
  ['GET', '/api/staff/appointments/day-sheet.csv', () => ok('csv')],
]);
const listCalls = () => api.callsTo('GET', '/api/staff/appointments').map((c) => Object.fromEntries(c.url.searchParams));

function Where() {
  const location = useLocation();
  return <output data-testid="where">{location.search}</output>;
}

function renderAt(path: string, element: React.ReactNode) {
  const user = userEvent.setup();
  render(
    withQueryClient(
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="*" element={element} />
        </Routes>
        <Where />
      </MemoryRouter>,
    ),
  );
  return user;
}

beforeEach(() => {
  jest.clearAllMocks();
  api.calls.length = 0;
  role = 'staff';
  globalThis.fetch = api.fetchMock as unknown as typeof fetch;
});

describe('the day view', () => {
  it('when a day is picked in the date field, then that day is asked for and kept in the address', async () => {
    renderAt(`/staff/appointments?day=${DAY}`, <AppointmentsPage />);
    await screen.findByText(/Esi Quaye/);
    fireEvent.change(screen.getByLabelText('Day'), { target: { value: '2099-02-14' } });
    await waitFor(() => expect(listCalls().at(-1)).toMatchObject({ day: '2099-02-14' }));
    expect(screen.getByTestId('where')).toHaveTextContent('day=2099-02-14');
    expect(screen.getByText(longDay('2099-02-14'))).toBeInTheDocument();
  });

  it('when Week is chosen, then Monday to Sunday is asked for and each day is a heading', async () => {
    const user = renderAt(`/staff/appointments?day=${DAY}`, <AppointmentsPage />);
    await screen.findByText(/Esi Quaye/);
    await user.click(screen.getByRole('button', { name: 'Week' }));
    await waitFor(() => expect(listCalls().at(-1)).toMatchObject({ from: '2099-01-05', to: '2099-01-11' }));
    expect(listCalls().at(-1)).not.toHaveProperty('day');
    await waitFor(() => expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toContain(longDay(DAY)));
    await user.click(screen.getByRole('button', { name: 'Next week' }));
    await waitFor(() => expect(listCalls().at(-1)).toMatchObject({ from: '2099-01-12', to: '2099-01-18' }));
  });

  it('when the desk searches, then the API is asked by q across days, and Clear search goes back to the day', async () => {
    const user = renderAt(`/staff/appointments?day=${DAY}`, <AppointmentsPage />);
    await screen.findByText(/Esi Quaye/);
    await user.type(screen.getByLabelText('Find an appointment'), '0241234567');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(listCalls().at(-1)).toEqual({ q: '0241234567' }));
    await user.click(screen.getByRole('button', { name: 'Clear search' }));
    await waitFor(() => expect(listCalls().at(-1)).toEqual({ day: DAY }));
  });

  it('when a home visit is listed, then its address and who goes when show with it', async () => {
    renderAt(`/staff/appointments?day=${DAY}`, <AppointmentsPage />);
    const row = (await screen.findByText(/Esi Quaye/)).closest('a')!;
    expect(row).toHaveTextContent('12 Mango Street (Shell station), Adenta, Accra · Nurse Akosua Addo, 10:00–12:00');
    expect(screen.getByText(/Kojo Badu/).closest('a')).not.toHaveTextContent('Mango');
  });

  it('when a nurse opens it, then there is no booking, day sheet or doctor filter', async () => {
    role = 'nurse';
    renderAt(`/staff/appointments?day=${DAY}`, <AppointmentsPage />);
    await screen.findByText(/Esi Quaye/);
    expect(screen.queryByRole('link', { name: 'Book for a patient' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Day sheet' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Doctor')).not.toBeInTheDocument();
  });
});

describe('the day sheet', () => {
  it('when home visits are chosen, then the sheet lists the day’s visits to make with time, patient, phone, service, address and state', async () => {
    renderAt(`/staff/day-sheet?day=${DAY}&homeVisits=true`, <DaySheetPage />);
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toHaveTextContent('10:00–12:00');
    expect(rows[0]).toHaveTextContent('Esi Quaye');
    expect(rows[0]).toHaveTextContent('024 123 4567');
    expect(rows[0]).toHaveTextContent('Nursing Home Care (Nurse Akosua Addo)');
    expect(rows[0]).toHaveTextContent('12 Mango Street (Shell station), Adenta, Accra · GA-183-8164');
    expect(rows[0]).toHaveTextContent('Accepted');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Time', 'Patient', 'Phone', 'Service', 'Address', 'State']);
    expect(listCalls()[0]).toEqual({ day: DAY, limit: '50' });
  });

  it('when a doctor is chosen, then the API is asked for their day, and Download CSV fetches their sheet', async () => {
    const user = renderAt(`/staff/day-sheet?day=${DAY}`, <DaySheetPage />);
    expect(screen.getByText('Choose a doctor, or home visits, to see the day’s sheet.')).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Sheet for'), await screen.findByRole('option', { name: 'Dr Kofi Boateng' }));
    await waitFor(() => expect(listCalls().at(-1)).toEqual({ day: DAY, doctorId: 'dr-boateng', limit: '50' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Day sheet: Dr Kofi Boateng' })).toBeInTheDocument();
    URL.createObjectURL = jest.fn(() => 'blob:sheet');
    URL.revokeObjectURL = jest.fn();
    const save = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(api.callsTo('GET', '/api/staff/appointments/day-sheet.csv')).toHaveLength(1));
    expect(Object.fromEntries(api.callsTo('GET', '/api/staff/appointments/day-sheet.csv')[0].url.searchParams)).toEqual({
      day: DAY,
      doctorId: 'dr-boateng',
    });
    await waitFor(() => expect(save).toHaveBeenCalled());
    save.mockRestore();
  });
});

describe('the map link of a home visit', () => {
  it('when a GhanaPost code is given, then the link searches for it; else for the street and landmark, in Ghana', () => {
    expect(mapLink({ line: '12 Mango Street', landmark: 'Behind the Total station', digitalAddress: 'GA-183-8164' })).toBe(
      'https://www.google.com/maps/search/?api=1&query=GA-183-8164%2C%20Ghana',
    );
    expect(mapLink({ line: '12 Mango Street', landmark: 'Behind the Total station' })).toBe(
      'https://www.google.com/maps/search/?api=1&query=12%20Mango%20Street%2C%20Behind%20the%20Total%20station%2C%20Ghana',
    );
    expect(mapLink(null)).toBeUndefined();
  });
});
