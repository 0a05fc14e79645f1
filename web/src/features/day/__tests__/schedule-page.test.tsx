import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DoctorSchedule } from '@api/scheduling';
import SchedulePage from '@/features/day/pages/schedule-page';
import { isWholeDays, readable, toggleWholeDays, wholeDays, wholeDaysOf } from '@/features/day/schedule-form';
import { withQueryClient } from '@/test-support/query';

jest.mock('@/lib/firebase', () => ({ currentIdToken: () => Promise.resolve('test-token') }));
jest.mock('@/features/staff/staff-session', () => ({
  useStaff: () => ({ status: 'staff', uid: 'doc-1', email: 'doctor@expmed.local', role: 'doctor', doctorId: 'dr-boateng' }),
}));

const STORED: DoctorSchedule = {
  weekly: {
    mon: [
      { from: '09:00', to: '12:00' },
      { from: '14:00', to: '17:00' },
    ],
    tue: [{ from: '09:00', to: '12:00' }],
    wed: [],
    thu: [],
    fri: [],
    sat: [],
    sun: [],
  },
  slotMinutes: 30,
  timeOff: [],
};

let putAnswer: (body: DoctorSchedule) => { statusCode: number; msg: string; data: unknown };
const fetchMock = jest.fn((url: string, init?: RequestInit) => {
  const answer =
    url === '/api/staff/doctors/dr-boateng/schedule' && init?.method === 'PUT'
      ? putAnswer(JSON.parse(String(init.body)) as DoctorSchedule)
      : url === '/api/staff/doctors/dr-boateng/schedule'
        ? { statusCode: 200, msg: 'ok', data: { doctorId: 'dr-boateng', schedule: STORED, updatedAt: null } }
        : url.startsWith('/api/doctors')
          ? {
              statusCode: 200,
              msg: 'ok',
              data: [{ doctorId: 'dr-boateng', surname: 'Boateng', otherNames: 'Kofi', specialty: 'Cardiology' }],
            }
          : { statusCode: 404, msg: 'Not found', data: null };
  return Promise.resolve({
    ok: answer.statusCode < 300,
    status: answer.statusCode,
    json: () => Promise.resolve(answer),
  } as Response);
});
const puts = () => fetchMock.mock.calls.filter(([, init]) => init?.method === 'PUT');

async function renderPage() {
  const user = userEvent.setup();
  render(withQueryClient(<SchedulePage />));
  await screen.findByRole('group', { name: 'Monday' });
  return user;
}

const day = (name: string) => screen.getByRole('group', { name });
const range = (dayName: string, n: number) => within(day(dayName)).getByRole('group', { name: `${dayName}, hours ${n}` });

beforeEach(() => {
  jest.clearAllMocks();
  globalThis.fetch = fetchMock as unknown as typeof fetch;
  putAnswer = (body) => ({
    statusCode: 200,
    msg: 'The schedule has been saved.',
    data: { doctorId: 'dr-boateng', schedule: body, updatedAt: '' },
  });
});

describe('the schedule screen', () => {
  it('when a doctor opens it, then their own weekly hours show, a day without hours reads Closed', async () => {
    await renderPage();
    expect(screen.getByText('Dr Kofi Boateng (Cardiology)')).toBeInTheDocument();
    expect(within(range('Monday', 2)).getByLabelText('From')).toHaveValue('14:00');
    expect(within(day('Sunday')).getByText('Closed')).toBeInTheDocument();
    expect(screen.getByLabelText('Slot length')).toHaveValue('30');
  });

  it('when a range ends before it starts, then Save names the day and range and nothing is sent', async () => {
    const user = await renderPage();
    const to = within(range('Monday', 1)).getByLabelText('To');
    await user.clear(to);
    await user.type(to, '08:00');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await within(day('Monday')).findByText('Monday, hours 1: from must be before to.')).toBeInTheDocument();
    expect(puts()).toHaveLength(0);
  });

  it('when two ranges of a day overlap, then the day says which', async () => {
    const user = await renderPage();
    const from = within(range('Monday', 2)).getByLabelText('From');
    await user.clear(from);
    await user.type(from, '11:00');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await within(day('Monday')).findByText('Monday: 11:00-17:00 overlaps 09:00-12:00.')).toBeInTheDocument();
    expect(puts()).toHaveLength(0);
  });

  it('when hours and a whole day off are added and saved, then the schedule is sent as the API takes it and Saved shows', async () => {
    const user = await renderPage();
    await user.click(screen.getByRole('button', { name: 'Add hours on Saturday' }));
    await user.selectOptions(screen.getByLabelText('Slot length'), '20');
    await user.click(screen.getByRole('button', { name: 'Add time off' }));
    const off = screen.getByRole('listitem', { name: 'Time off 1' });
    expect(within(off).getByLabelText('Whole days')).toBeChecked();
    const first = within(off).getByLabelText('First day') as HTMLInputElement;
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved')).toBeInTheDocument();
    const [body] = puts().map(([, init]) => JSON.parse(String(init!.body)) as DoctorSchedule);
    expect(body.weekly.sat).toEqual([{ from: '09:00', to: '12:00' }]);
    expect(body.slotMinutes).toBe(20);
    expect(body.timeOff).toEqual([wholeDays(first.value, first.value)]);
  });

  it('when time off covers booked appointments, then the server’s list is shown first and it is saved only once confirmed', async () => {
    putAnswer = (body) =>
      (body as DoctorSchedule & { confirm?: boolean }).confirm
        ? {
            statusCode: 200,
            msg: 'The schedule has been saved.',
            data: { doctorId: 'dr-boateng', schedule: body, updatedAt: '' },
          }
        : {
            statusCode: 409,
            msg: '2 booked appointments fall in this time off.',
            data: {
              affected: [
                {
                  appointmentId: 'a1',
                  patientName: 'Ama Mensah',
                  requestedService: 'Virtual Consultation (Telemedicine)',
                  requestedDay: '2099-03-02',
                  requestedTime: '09:00',
                  appointmentStatus: 'Accepted',
                  paid: true,
                },
                {
                  appointmentId: 'a2',
                  patientName: 'Kojo Badu',
                  requestedService: 'Virtual Consultation (Telemedicine)',
                  requestedDay: '2099-03-02',
                  requestedTime: '09:30',
                  appointmentStatus: 'Pending',
                  paid: false,
                },
              ],
            },
          };
    const user = await renderPage();
    await user.click(screen.getByRole('button', { name: 'Add time off' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const dialog = await screen.findByRole('dialog', { name: '2 booked appointments in the way' });
    expect(
      within(dialog)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      expect.stringContaining('09:00 · Ama Mensah · Virtual Consultation (Telemedicine) · Paid'),
      expect.stringContaining('09:30 · Kojo Badu · Virtual Consultation (Telemedicine) · Not paid'),
    ]);
    expect(screen.queryByText('Saved')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Save and move them to Needs rebooking' }));
    expect(await screen.findByText('Saved')).toBeInTheDocument();
    const bodies = puts().map(([, init]) => JSON.parse(String(init!.body)) as { confirm: boolean });
    expect(bodies.map((b) => b.confirm)).toEqual([false, true]);
  });

  it('when the server refuses with 400, then its message shows beside the part it names', async () => {
    putAnswer = () => ({
      statusCode: 400,
      msg: 'Tuesday, hours 1: 09:00-12:00 is shorter than one slot (240 minutes).',
      data: null,
    });
    const user = await renderPage();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await within(day('Tuesday')).findByText('Tuesday, hours 1: 09:00-12:00 is shorter than one slot (240 minutes).'),
    ).toBeInTheDocument();
    expect(screen.queryByText('Saved')).not.toBeInTheDocument();
  });
});

describe('time off as whole days or hours', () => {
  it('when whole days run from the 24th to the 26th, then they are stored to the 27th at midnight and read back the same', () => {
    const off = wholeDays('2026-12-24', '2026-12-26');
    expect(off).toEqual({ from: '2026-12-24T00:00', to: '2026-12-27T00:00' });
    expect(isWholeDays(off)).toBe(true);
    expect(wholeDaysOf(off)).toEqual({ first: '2026-12-24', last: '2026-12-26' });
  });
  it('when switched to hours and back, then the first day is kept', () => {
    const hours = toggleWholeDays(wholeDays('2026-12-24', '2026-12-26'));
    expect(hours).toEqual({ from: '2026-12-24T09:00', to: '2026-12-24T17:00' });
    expect(isWholeDays(hours)).toBe(false);
    expect(toggleWholeDays(hours)).toEqual(wholeDays('2026-12-24', '2026-12-24'));
  });
  it('when a message names a field path, then staff read it in words', () => {
    expect(readable('timeOff[0].to must be written YYYY-MM-DDTHH:mm.')).toBe('Time off 1 (To) must be written YYYY-MM-DDTHH:mm.');
  });
});
