import { render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import type { StaffPatientView } from '@api/staff';
import PatientPage from '@/features/desk/pages/patient-page';
import { withQueryClient } from '@/test-support/query';
import { aClinicRecord, fakeApi, ok } from '@/test-support/staff-answers';

jest.mock('@/lib/dialogs', () => ({ confirm: jest.fn(), showApiError: jest.fn(), showSuccess: jest.fn() }));
jest.mock('@/lib/firebase', () => ({ currentIdToken: () => Promise.resolve('test-token') }));

let view: StaffPatientView;
const api = fakeApi(() => [
  ['GET', `/api/staff/patients/${view.patient.patientId}`, () => ok(view)],
  ['GET', /\/messages/, () => ok({ items: [], nextCursor: null })],
]);

beforeEach(() => {
  global.fetch = api.fetchMock as unknown as typeof fetch;
});

const renderPage = () =>
  render(
    withQueryClient(
      <MemoryRouter initialEntries={[`/staff/patients/${view.patient.patientId}`]}>
        <Routes>
          <Route path="/staff/patients/:patientId" element={<PatientPage />} />
        </Routes>
      </MemoryRouter>,
    ),
  );

describe('a clinic record on the desk’s patient page', () => {
  it('when an account proved its number but did not match it, then the desk is told it was not claimed, when and why', async () => {
    const why = "the account's year of birth (1990) is not the one the desk recorded (1985)";
    view = {
      patient: aClinicRecord({ claimMismatch: { accountId: 'acc-1', at: '2098-12-20T09:00:00.000Z', why } }),
      appointments: [],
      subscriptions: [],
      orders: [],
    };
    renderPage();
    const notice = await screen.findByText(/^Not claimed:/);
    expect(notice).toHaveTextContent(`Not claimed: an account proved this number on Sat 20 Dec 2098, but ${why}.`);
  });

  it('when nothing stood in the way of a claim, then no such notice shows', async () => {
    view = { patient: aClinicRecord(), appointments: [], subscriptions: [], orders: [] };
    renderPage();
    await screen.findByRole('heading', { name: 'Contact' });
    expect(screen.queryByText(/Not claimed/)).toBeNull();
  });
});

describe('the contact card', () => {
  it('when the record is shown, then its phone and gender read as words in one format ("055 123 4567", "Female"), never as stored', async () => {
    view = { patient: aClinicRecord({ gender: 'FEMALE' }), appointments: [], subscriptions: [], orders: [] };
    renderPage();
    const card = (await screen.findByRole('heading', { name: 'Contact' })).closest('section')!;
    expect(within(card).getByRole('link', { name: '055 123 4567' })).toHaveAttribute('href', 'tel:+233551234567');
    expect(card).toHaveTextContent('GenderFemale');
    expect(card).not.toHaveTextContent('FEMALE');
  });
});
