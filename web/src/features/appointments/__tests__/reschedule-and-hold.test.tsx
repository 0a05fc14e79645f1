import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { formatWhen } from '@api/format';
import type { Appointment } from '@api/types';
import { windowDays } from '@/features/appointments/api/availability';
import { holdNote, mayReschedule } from '@/features/appointments/booking-rules';
import { AppointmentDetail } from '@/features/appointments/components/appointment-detail';
import { longDay } from '@/features/appointments/components/slot-picker';
import { showApiError, showSuccess } from '@/lib/dialogs';
import { withQueryClient } from '@/test-support/query';

jest.mock('@/lib/dialogs', () => ({ showApiError: jest.fn(), showInfo: jest.fn(), showSuccess: jest.fn() }));
jest.mock('@/lib/firebase', () => ({ currentIdToken: () => Promise.resolve('test-token') }));

const NOW = new Date('2026-11-26T10:00:00Z');
const at = (ms: number) => new Date(NOW.getTime() + ms).toISOString();

function appointment(change: Partial<Appointment> = {}): Appointment {
  return {
    appointmentId: 'a1',
    requestedServiceId: 1,
    requestedService: 'Virtual Consultation (Telemedicine)',
    requestedServiceOption: null,
    doctorId: 'dr-boateng',
    doctorSurName: 'Boateng',
    doctorOtherNames: 'Kofi',
    doctorSpecialty: 'Cardiology',
    requestedDay: '2026-11-28',
    requestedTime: '09:00',
    appointmentStatus: 'Pending',
    paymentStatus: 'Paid',
    requiresPayment: true,
    consultationFee: 250,
    clientReference: 'REF1234567',
    createdAt: at(-10 * 60_000),
    healthProblem: '',
    selectedLabs: [],
    appointmentFileName: null,
    ...change,
  } as Appointment;
}

describe('who may reschedule (mirrors the server rule in @api/scheduling)', () => {
  it.each<[string, boolean, Partial<Appointment>]>([
    ['Pending two days ahead', true, {}],
    ['Accepted two days ahead', true, { appointmentStatus: 'Accepted' }],
    ['moved once already', true, { rescheduleCount: 1 } as Partial<Appointment>],
    ['moved twice already', false, { rescheduleCount: 2 } as Partial<Appointment>],
    ['exactly 12 hours ahead', true, { requestedDay: '2026-11-26', requestedTime: '22:00' }],
    ['11 hours ahead', false, { requestedDay: '2026-11-26', requestedTime: '21:00' }],
    ['Cancelled', false, { appointmentStatus: 'Cancelled' }],
    ['Expired', false, { appointmentStatus: 'Expired' }],
    ['Completed', false, { appointmentStatus: 'Completed' }],
  ])('when %s, then Reschedule is offered: %s', (_, offered, change) => {
    expect(mayReschedule(appointment(change), NOW)).toBe(offered);
  });
});

describe('the hold of an unpaid booking', () => {
  it('when unpaid and booked 10 minutes ago, then it says until when the time is held', () => {
    expect(holdNote(appointment({ paymentStatus: 'Unpaid' }), NOW)).toBe(
      'We hold this time for 30 minutes after booking: pay by 10:20 or it will be released.',
    );
  });
  it('when a checkout started later, then the hold runs from the checkout', () => {
    const a = appointment({ paymentStatus: 'Unpaid', checkoutStartedAt: at(5 * 60_000) });
    expect(holdNote(a, NOW)).toContain('pay by 10:35');
  });
  it('when the hold has run out, then it says so', () => {
    const a = appointment({ paymentStatus: 'Unpaid', createdAt: at(-40 * 60_000) });
    expect(holdNote(a, NOW)).toBe(
      'We held this time until 09:50. It is still yours for now, but it will be released within minutes unless you pay now.',
    );
  });
  it('when Expired, then it reads as expired; when paid or free, nothing is said', () => {
    expect(holdNote(appointment({ appointmentStatus: 'Expired', paymentStatus: 'Unpaid' }), NOW)).toMatch(
      /^This booking expired/,
    );
    expect(holdNote(appointment(), NOW)).toBeUndefined();
    expect(holdNote(appointment({ requiresPayment: false, paymentStatus: 'Unpaid' }), NOW)).toBeUndefined();
  });
});

describe('the appointment detail', () => {
  const [, FREE] = windowDays();
  const moved = { ...appointment(), requestedDay: FREE, requestedTime: '10:30', rescheduleCount: 1 };
  let rescheduleAnswer: () => { statusCode: number; msg: string; data: unknown };
  const fetchMock = jest.fn((url: string, init?: RequestInit) => {
    const answer = url.startsWith('/api/doctors/dr-boateng/slots')
      ? { statusCode: 200, msg: 'ok', data: [{ day: FREE, times: ['10:00', '10:30'] }] }
      : url === '/api/appointments/a1/reschedule' && init?.method === 'POST'
        ? rescheduleAnswer()
        : { statusCode: 404, msg: 'Not found', data: null };
    return Promise.resolve({
      ok: answer.statusCode < 300,
      status: answer.statusCode,
      json: () => Promise.resolve(answer),
    } as Response);
  });

  beforeEach(() => {
    jest.clearAllMocks();
    globalThis.fetch = fetchMock as unknown as typeof fetch;
    rescheduleAnswer = () => ({ statusCode: 200, msg: 'ok', data: moved });
  });

  const show = (a: Appointment) =>
    render(
      withQueryClient(
        <AppointmentDetail
          appointment={a}
          onBack={jest.fn()}
          onPay={jest.fn()}
          onDelete={jest.fn()}
          onCancel={jest.fn()}
          onConfirm={jest.fn()}
        />,
      ),
    );

  it('when a move is allowed, then Reschedule sits with the other actions; when not, it is not there', () => {
    const { unmount } = show(appointment({ requestedDay: '2099-01-01' }));
    expect(screen.getByRole('button', { name: 'Reschedule' })).toBeInTheDocument();
    unmount();
    show(appointment({ requestedDay: '2099-01-01', rescheduleCount: 2 } as Partial<Appointment>));
    expect(screen.queryByRole('button', { name: 'Reschedule' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
  });

  it('when a new time is chosen in the dialog, then the move is sent and confirmed with the new day and time', async () => {
    const user = userEvent.setup();
    show(appointment({ requestedDay: '2099-01-01' }));
    await user.click(screen.getByRole('button', { name: 'Reschedule' }));
    const dialog = screen.getByRole('dialog', { name: 'Reschedule' });
    const move = within(dialog).getByRole('button', { name: 'Move appointment' });
    expect(move).toBeDisabled();
    await user.click(await within(dialog).findByRole('radio', { name: new RegExp(`^${longDay(FREE)},`) }));
    await user.click(within(dialog).getByRole('radio', { name: '10:30' }));
    await user.click(move);
    await waitFor(() =>
      expect(showSuccess).toHaveBeenCalledWith('Saved!', `Your appointment is now on ${formatWhen(FREE, '10:30')}.`),
    );
    const [, init] = fetchMock.mock.calls.find(([url]) => url === '/api/appointments/a1/reschedule')!;
    expect(JSON.parse(String(init!.body))).toEqual({ requestedDay: FREE, requestedTime: '10:30' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('when the server refuses the move, then its message shows and the dialog stays open', async () => {
    const user = userEvent.setup();
    const refusal = 'An appointment can be rescheduled at most 2 times. Please call us to change it.';
    rescheduleAnswer = () => ({ statusCode: 409, msg: refusal, data: null });
    show(appointment({ requestedDay: '2099-01-01' }));
    await user.click(screen.getByRole('button', { name: 'Reschedule' }));
    const dialog = screen.getByRole('dialog', { name: 'Reschedule' });
    await user.click(await within(dialog).findByRole('radio', { name: new RegExp(`^${longDay(FREE)},`) }));
    await user.click(within(dialog).getByRole('radio', { name: '10:00' }));
    await user.click(within(dialog).getByRole('button', { name: 'Move appointment' }));
    await waitFor(() => expect(showApiError).toHaveBeenCalledWith(expect.objectContaining({ status: 409, message: refusal })));
    expect(screen.getByRole('dialog', { name: 'Reschedule' })).toBeInTheDocument();
  });
});
