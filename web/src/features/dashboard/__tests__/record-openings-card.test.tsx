import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RecordOpening, RecordOpenings } from '@api/record';
import { RecordOpeningsCard } from '@/features/dashboard/components/record-openings-card';
import { withQueryClient } from '@/test-support/query';

jest.mock('@/lib/firebase', () => ({ currentIdToken: () => Promise.resolve('test-token') }));

/** Openings as GET /api/patient/{patientId}/record-openings answers them (every field of the shared type). */
const opening = (change: Partial<RecordOpening>): RecordOpening => ({
  id: 'e1',
  at: '2026-11-27T09:15:00.000Z',
  who: 'kwame.mensah@expmedhealth.com',
  role: 'doctor',
  action: 'patient.record.read',
  through: { appointmentId: 'a1', service: 'Virtual Consultation (Telemedicine)', day: '2026-11-27' },
  ...change,
});

const FIRST: RecordOpenings = {
  items: [opening({ id: 'e2', action: 'appointment.record.read', at: '2026-11-27T09:20:00.000Z' }), opening({ id: 'e1' })],
  nextCursor: 'e1',
};
const OLDER: RecordOpenings = {
  items: [opening({ id: 'e0', who: 'desk@expmedhealth.com', role: 'staff', at: '2026-11-20T08:00:00.000Z', through: null })],
  nextCursor: null,
};

let answers: Record<string, unknown>;
const requested: string[] = [];

beforeEach(() => {
  requested.length = 0;
  globalThis.fetch = jest.fn((url: string) => {
    requested.push(url);
    const known = url in answers;
    return Promise.resolve({
      ok: known,
      status: known ? 200 : 500,
      json: () =>
        Promise.resolve(
          known
            ? { statusCode: 200, msg: 'ok', data: answers[url] }
            : { statusCode: 500, msg: 'Something went wrong.', data: null },
        ),
    } as Response);
  }) as unknown as typeof fetch;
});

const show = () => render(withQueryClient(<RecordOpeningsCard patientId="p1" />));

it('when the clinic opened the record, then each opening says what, who, in which role, when and through which appointment, and older ones come on Show older', async () => {
  answers = {
    '/api/patient/p1/record-openings': FIRST,
    '/api/patient/p1/record-openings?cursor=e1': OLDER,
  };
  const user = userEvent.setup();
  show();
  const list = await screen.findByRole('list', { name: 'Openings of your record' });
  const [visit, whole] = within(list).getAllByRole('listitem');
  expect(within(visit).getByRole('heading')).toHaveTextContent("Read one visit's prescriptions and lab requests");
  expect(within(whole).getByRole('heading')).toHaveTextContent('Opened your record');
  expect(whole).toHaveTextContent('Doctor: kwame.mensah@expmedhealth.com');
  expect(whole).toHaveTextContent('Fri 27 Nov 2026');
  expect(whole).toHaveTextContent('Through your Virtual Consultation (Telemedicine) on Fri 27 Nov 2026.');

  await user.click(screen.getByRole('button', { name: 'Show older' }));
  expect(await within(list).findByText('Front desk: desk@expmedhealth.com')).toBeInTheDocument();
  expect(within(list).getAllByRole('listitem')).toHaveLength(3);
  expect(within(list).getAllByRole('listitem')[2]).toHaveTextContent(/Through no appointment: the clinic's office/);
  expect(screen.queryByRole('button', { name: 'Show older' })).toBeNull();
  expect(requested).toEqual(['/api/patient/p1/record-openings', '/api/patient/p1/record-openings?cursor=e1']);
});

it('when nobody has opened the record, then it says so and offers no older page', async () => {
  answers = { '/api/patient/p1/record-openings': { items: [], nextCursor: null } satisfies RecordOpenings };
  show();
  expect(await screen.findByText('Nobody at the clinic has opened your record yet.')).toBeInTheDocument();
  expect(screen.queryByRole('list', { name: 'Openings of your record' })).toBeNull();
  expect(screen.queryByRole('button', { name: 'Show older' })).toBeNull();
});

it('when the list cannot be loaded, then it says so instead of showing an empty list', async () => {
  answers = {};
  show();
  expect(await screen.findByRole('alert')).toHaveTextContent('We could not load this list just now.');
  expect(screen.queryByText('Nobody at the clinic has opened your record yet.')).toBeNull();
});
