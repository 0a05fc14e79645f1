import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import type { StaffRole } from '@api/staff';
import type { Appointment } from '@api/types';
import AppointmentDetailPage from '@/features/desk/pages/appointment-detail-page';
import VisitsPage from '@/features/desk/pages/visits-page';
import { confirm, showInfo, showSuccess } from '@/lib/dialogs';
import { todayInGhana } from '@/features/staff/days';
import { askText } from '@/lib/text-dialog';
import { withQueryClient } from '@/test-support/query';
import { aClinician, aList, anAppointment, fakeApi, ok } from '@/test-support/staff-answers';

jest.mock('@/lib/dialogs', () => ({ confirm: jest.fn(), showApiError: jest.fn(), showInfo: jest.fn(), showSuccess: jest.fn() }));
jest.mock('@/lib/text-dialog', () => ({ askText: jest.fn() }));
jest.mock('@/lib/firebase', () => ({ currentIdToken: () => Promise.resolve('test-token') }));
let role: StaffRole = 'nurse';
jest.mock('@/features/staff/staff-session', () => ({
  useStaff: () => ({ status: 'staff', uid: role === 'nurse' ? 'nurse-1' : 'staff-1', email: 'x@expmed.local', role }),
}));

const DAY = '2099-01-07';
let visit: Appointment;
const api = fakeApi(() => [
  ['GET', '/api/staff/appointments', () => ok(aList([visit]))],
  ['GET', '/api/staff/appointments/a1', () => ok({ ...visit, account: null, refunds: [] })],
  [
    'GET',
    '/api/staff/clinicians',
    () => ok([aClinician(), aClinician({ uid: 'doc-1', name: 'Dr Kwame Mensah', role: 'doctor' })]),
  ],
  [
    'POST',
    '/api/staff/appointments/a1/assign',
    ({ body }) => {
      const b = body as { assignedTo: string; arrivalWindow?: { from: string; to: string } };
      visit = {
        ...visit,
        assignedTo: b.assignedTo,
        assignedToName: 'Nurse Akosua Addo',
        assignedToRole: 'nurse',
        arrivalWindow: b.arrivalWindow,
      };
      return ok(visit);
    },
  ],
  [
    'POST',
    /^\/api\/staff\/appointments\/a1\/(on-the-way|check-in|complete)$/,
    ({ url }) => {
      const to = ({ 'on-the-way': 'OnTheWay', 'check-in': 'CheckedIn', complete: 'Completed' } as const)[
        url.pathname.split('/').at(-1)!
      ]!;
      visit = { ...visit, appointmentStatus: to };
      return ok(visit);
    },
  ],
]);
const actions = () => api.calls.filter((c) => c.method === 'POST').map((c) => c.url.pathname.split('/').at(-1));

function renderAt(path: string) {
  const user = userEvent.setup();
  render(
    withQueryClient(
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/staff/visits" element={<VisitsPage />} />
          <Route path="/staff/appointments/:appointmentId" element={<AppointmentDetailPage />} />
        </Routes>
      </MemoryRouter>,
    ),
  );
  return user;
}

beforeEach(() => {
  jest.clearAllMocks();
  api.calls.length = 0;
  role = 'nurse';
  globalThis.fetch = api.fetchMock as unknown as typeof fetch;
  visit = anAppointment({
    requestedDay: DAY,
    assignedTo: 'nurse-1',
    assignedToName: 'Nurse Akosua Addo',
    assignedToRole: 'nurse',
    arrivalWindow: { from: '10:00', to: '12:00' },
    healthProblem: 'Wound dressing after surgery',
  });
});

describe('My visits (a nurse’s day)', () => {
  it('when she opens her day, then the API is asked for what is assigned to her, with the address, a tel: link and a map link', async () => {
    renderAt(`/staff/visits?day=${DAY}`);
    const card = await screen.findByRole('listitem', { name: '10:00–12:00 · Ama Mensah' });
    expect(Object.fromEntries(api.callsTo('GET', '/api/staff/appointments')[0].url.searchParams)).toEqual({
      day: DAY,
      assignedTo: 'nurse-1',
    });
    expect(card).toHaveTextContent('Address: 12 Mango Street (Shell station), Adenta, Accra');
    expect(card).toHaveTextContent('GhanaPost: GA-183-8164');
    expect(within(card).getByRole('link', { name: '024 123 4567' })).toHaveAttribute('href', 'tel:+233241234567');
    // The GhanaPost code finds the house best (@api/map-link).
    expect(within(card).getByRole('link', { name: 'Open in Google Maps' })).toHaveAttribute(
      'href',
      'https://www.google.com/maps/search/?api=1&query=GA-183-8164%2C%20Ghana',
    );
  });

  it('when she goes on the way, arrives and completes with a summary, then each step is sent in turn and the next one offered', async () => {
    jest.mocked(askText).mockResolvedValue('Dressing changed, wound clean.');
    jest.mocked(confirm).mockResolvedValue(true);
    // On the visit's day: setting off is offered then only (@api/policy onVisitDay).
    visit = { ...visit, requestedDay: todayInGhana() };
    const user = renderAt(`/staff/visits?day=${visit.requestedDay}`);
    const card = await screen.findByRole('listitem', { name: /Ama Mensah/ });
    expect(within(card).queryByRole('button', { name: /^Complete/ })).not.toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: /^On the way/ }));
    expect(confirm).toHaveBeenCalledWith(
      'On your way?',
      "Yes, I'm on my way",
      "Ama Mensah gets an SMS now that you are on the way for today's visit, arriving 10:00–12:00.",
      'Go back',
    );
    await waitFor(() => expect(showSuccess).toHaveBeenCalledWith('Saved!', 'The patient has been told you are on the way.'));
    expect(await within(card).findByText('On the way', { selector: '.staff-badge' })).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: /^Arrived/ }));
    // Arrived is the nurse's word for the state everyone else reads as Checked in: the two are tied.
    await waitFor(() => expect(showSuccess).toHaveBeenCalledWith('Saved!', 'You have arrived: the visit now shows Checked in.'));
    expect(await within(card).findByText('Checked in', { selector: '.staff-badge' })).toBeInTheDocument();
    await user.click(await within(card).findByRole('button', { name: /^Complete/ }));
    await waitFor(() => expect(actions()).toEqual(['on-the-way', 'check-in', 'complete']));
    expect(api.callsTo('POST', '/api/staff/appointments/a1/complete')[0].body).toEqual({
      visitSummary: 'Dressing changed, wound clean.',
    });
    expect(await within(card).findByText('Completed')).toBeInTheDocument();
    expect(within(card).queryByRole('button')).not.toBeInTheDocument();
  });

  it('when the visit is on a later day, then she is told when she can set off and neither On the way nor Arrived is offered', async () => {
    renderAt(`/staff/visits?day=${DAY}`);
    const card = await screen.findByRole('listitem', { name: /Ama Mensah/ });
    expect(card).toHaveTextContent('You can set off on Wed 7 Jan 2099, the day of the visit.');
    expect(within(card).queryByRole('button', { name: /^On the way|^Arrived/ })).not.toBeInTheDocument();
    expect(showInfo).not.toHaveBeenCalled();
  });

  it('when nothing is assigned to her that day, then she is told so', async () => {
    visit = { ...visit, appointmentStatus: 'Cancelled' };
    renderAt(`/staff/visits?day=${DAY}`);
    expect(await screen.findByText(/No home visits assigned to you on/)).toBeInTheDocument();
  });
});

describe('a home visit’s detail', () => {
  it('when the desk assigns a nurse with an arrival window, then the assignment is sent and shown', async () => {
    role = 'staff';
    visit = anAppointment({ appointmentStatus: 'Accepted' });
    const user = renderAt('/staff/appointments/a1');
    const details = await screen.findByRole('article', { name: 'Appointment' });
    expect(details).toHaveTextContent('Clinician');
    expect(details).toHaveTextContent('Not assigned');
    expect(within(details).getByRole('link', { name: 'Map' })).toHaveAttribute(
      'href',
      expect.stringContaining('google.com/maps/search'),
    );
    await user.click(within(details).getByRole('button', { name: 'Assign clinician' }));
    const dialog = await screen.findByRole('dialog', { name: 'Assign home visit' });
    await user.selectOptions(
      within(dialog).getByLabelText('Clinician'),
      await within(dialog).findByRole('option', { name: 'Nurse Akosua Addo (Nurse)' }),
    );
    await user.type(within(dialog).getByLabelText('Arrives from'), '12:00');
    await user.type(within(dialog).getByLabelText('Arrives by'), '10:00');
    await user.click(within(dialog).getByRole('button', { name: 'Assign' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Arrives from must be before Arrives by');
    await user.clear(within(dialog).getByLabelText('Arrives by'));
    await user.type(within(dialog).getByLabelText('Arrives by'), '14:00');
    await user.click(within(dialog).getByRole('button', { name: 'Assign' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo('POST', '/api/staff/appointments/a1/assign')[0].body).toEqual({
      assignedTo: 'nurse-1',
      arrivalWindow: { from: '12:00', to: '14:00' },
    });
    expect(await within(details).findByText('Arriving 12:00–14:00')).toBeInTheDocument();
    expect(details).toHaveTextContent('Nurse Akosua Addo (nurse)');
  });

  it('when a nurse opens her visit, then she gets its steps but no accept, cancel, reschedule or assign', async () => {
    renderAt('/staff/appointments/a1');
    const details = await screen.findByRole('article', { name: 'Appointment' });
    expect(
      within(details)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['On the way', 'Check in', 'No-show']);
  });

  it('when lab samples are to be taken at home, then the service says so in words', async () => {
    visit = anAppointment({
      requestedServiceId: 6,
      requestedService: 'Labs/Medical Checkup',
      requestedServiceOption: 'SAMPLES_AT_HOME',
    });
    renderAt('/staff/appointments/a1');
    const details = await screen.findByRole('article', { name: 'Appointment' });
    expect(details).toHaveTextContent('Labs/Medical Checkup (samples taken at home)');
    expect(within(details).getByRole('link', { name: 'Map' })).toBeInTheDocument();
  });
});
