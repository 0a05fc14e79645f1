import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import type { StaffPatientView } from '@api/staff';
import PatientPage from '@/features/desk/pages/patient-page';
import { confirm, showSuccess } from '@/lib/dialogs';
import { withQueryClient } from '@/test-support/query';
import { aClinicRecord, aPatient, fakeApi, ok } from '@/test-support/staff-answers';

jest.mock('@/lib/dialogs', () => ({ confirm: jest.fn(), showApiError: jest.fn(), showSuccess: jest.fn() }));
jest.mock('@/lib/firebase', () => ({ currentIdToken: () => Promise.resolve('test-token') }));

let view: StaffPatientView;
const api = fakeApi(() => [
  ['GET', `/api/staff/patients/${view.patient.patientId}`, () => ok(view)],
  ['GET', /\/messages/, () => ok({ items: [], nextCursor: null })],
  [
    'POST',
    `/api/staff/patients/${view.patient.patientId}/email/code`,
    () => ok({ sentTo: view.patient.emailAddress, expiresAt: '2099-01-01T10:10:00Z' }),
  ],
  [
    'POST',
    `/api/staff/patients/${view.patient.patientId}/email/verify`,
    ({ body }) => {
      if ((body as { code: string }).code !== '482913')
        return { statusCode: 400, msg: 'Code: that code is not correct. 4 tries left.', data: null };
      view = { ...view, patient: { ...view.patient, emailVerifiedAt: '2099-01-01T10:01:00Z' } };
      return ok({
        patientId: view.patient.patientId,
        emailAddress: view.patient.emailAddress,
        emailVerifiedAt: '2099-01-01T10:01:00Z',
      });
    },
  ],
  [
    'POST',
    `/api/staff/patients/${view.patient.patientId}/phone-pin/reset`,
    ({ body }) =>
      (body as { idChecked?: boolean }).idChecked === true
        ? ok({ reset: true })
        : { statusCode: 400, msg: "ID checked: confirm that you checked the person's ID.", data: null },
  ],
  [
    'POST',
    `/api/staff/patients/${view.patient.patientId}/confirm-claim`,
    () => ok({ patientId: view.patient.patientId, claimedBy: 'acc-1', appointments: 2 }),
  ],
]);

beforeEach(() => {
  jest.clearAllMocks();
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

  it('when the record had no date of birth, then the claim waits for the desk: it names the account, and Confirm moves the record once the desk says yes', async () => {
    view = {
      patient: aClinicRecord({ claimWaiting: { accountId: 'acc-1', at: '2098-12-20T09:00:00.000Z' } }),
      claimant: { patientId: 'acc-1', name: 'Akua Osei', emailAddress: 'akua@example.com' },
      appointments: [],
      subscriptions: [],
      orders: [],
    };
    jest.mocked(confirm).mockResolvedValue(true);
    renderPage();
    const notice = await screen.findByText(/^Claim waiting:/);
    expect(notice).toHaveTextContent(
      'Claim waiting: Akua Osei (akua@example.com) proved this number on Sat 20 Dec 2098. This record has no date of birth, so it joins their account only when you confirm the person: check their ID against this record.',
    );
    await userEvent.setup().click(screen.getByRole('button', { name: 'Confirm Akua Osei' }));
    await waitFor(() => expect(showSuccess).toHaveBeenCalled());
    expect(confirm).toHaveBeenCalledWith(
      'Confirm this person?',
      'Yes, move the record',
      'Only when you have checked their ID against this record: it and its appointments go to Akua Osei (akua@example.com).',
    );
    expect(api.callsTo('POST', '/api/staff/patients/clinic-1/confirm-claim').map((c) => c.body)).toEqual([
      { accountId: 'acc-1' },
    ]);
  });

  it('when three years of birth did not match, then the desk is told the claim is locked, and nothing is sent until it confirms', async () => {
    const why = "the account's year of birth (1982) is not the one the desk recorded (1980)";
    view = {
      patient: aClinicRecord({ claimMismatch: { accountId: 'acc-1', at: '2098-12-20T09:00:00.000Z', why, count: 3 } }),
      claimant: { patientId: 'acc-1', name: 'Akua Osei', emailAddress: 'akua@example.com' },
      appointments: [],
      subscriptions: [],
      orders: [],
    };
    jest.mocked(confirm).mockResolvedValue(false);
    renderPage();
    const notice = await screen.findByText(/^Not claimed:/);
    expect(notice).toHaveTextContent('Locked after 3 mismatches: it can no longer be claimed online.');
    const before = api.callsTo('POST', '/api/staff/patients/clinic-1/confirm-claim').length;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Confirm Akua Osei' }));
    await waitFor(() => expect(confirm).toHaveBeenCalled());
    expect(api.callsTo('POST', '/api/staff/patients/clinic-1/confirm-claim')).toHaveLength(before);
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

  it('when the desk typed an e-mail address nobody proved, then it says nothing is e-mailed to it yet, and the code read back confirms it', async () => {
    view = { patient: aClinicRecord({ emailAddress: 'yaw@example.com' }), appointments: [], subscriptions: [], orders: [] };
    const user = userEvent.setup();
    renderPage();
    const card = (await screen.findByRole('heading', { name: 'Contact' })).closest('section')!;
    expect(card).toHaveTextContent('yaw@example.com · Not confirmed: nothing is e-mailed to it yet');
    const check = screen.getByRole('heading', { name: 'Check the e-mail address' }).closest('section')!;
    await user.click(within(check).getByRole('button', { name: 'Send code' }));
    expect(
      await within(check).findByText(
        'Code sent by e-mail to yaw@example.com. Ask them to read it to you: it works for 10 minutes.',
      ),
    ).toBeInTheDocument();

    await user.type(within(check).getByLabelText('Code'), '000000');
    await user.click(within(check).getByRole('button', { name: 'Check code' }));
    expect(await within(check).findByText('Code: that code is not correct. 4 tries left.')).toBeInTheDocument();
    await user.clear(within(check).getByLabelText('Code'));
    await user.type(within(check).getByLabelText('Code'), '482913');
    await user.click(within(check).getByRole('button', { name: 'Check code' }));
    await waitFor(() =>
      expect(showSuccess).toHaveBeenCalledWith('E-mail address confirmed', "yaw@example.com now gets the clinic's e-mails."),
    );
    expect(api.callsTo('POST', '/api/staff/patients/clinic-1/email/verify').map((c) => c.body)).toEqual([
      { code: '000000' },
      { code: '482913' },
    ]);
    await waitFor(() => expect(card).toHaveTextContent('yaw@example.com · Confirmed'));
    expect(screen.queryByRole('heading', { name: 'Check the e-mail address' })).toBeNull();
  });

  it('when a clinic record has no e-mail address or an account is shown, then there is nothing to check', async () => {
    view = { patient: aClinicRecord(), appointments: [], subscriptions: [], orders: [] };
    const { unmount } = renderPage();
    const card = (await screen.findByRole('heading', { name: 'Contact' })).closest('section')!;
    expect(card).toHaveTextContent('Email—');
    expect(screen.queryByRole('heading', { name: 'Check the e-mail address' })).toBeNull();
    unmount();

    view = {
      patient: aPatient({ patientId: 'acc-9', emailAddress: 'ama@example.com' }),
      appointments: [],
      subscriptions: [],
      orders: [],
    };
    renderPage();
    const accountCard = (await screen.findByRole('heading', { name: 'Contact' })).closest('section')!;
    expect(accountCard).toHaveTextContent('Emailama@example.com');
    expect(accountCard).not.toHaveTextContent('confirmed');
    expect(screen.queryByRole('heading', { name: 'Check the e-mail address' })).toBeNull();
  });
});

describe('the phone PIN', () => {
  it('when the desk has checked the ID and confirms, then the PIN is reset with idChecked; without the confirmation nothing is sent', async () => {
    view = { patient: aClinicRecord(), appointments: [], subscriptions: [], orders: [] };
    const path = `/api/staff/patients/${view.patient.patientId}/phone-pin/reset`;
    renderPage();
    const section = await screen.findByRole('region', { name: 'Phone PIN' });
    jest.mocked(confirm).mockResolvedValueOnce(false);
    await userEvent.click(within(section).getByRole('button', { name: 'Reset phone PIN' }));
    expect(api.callsTo('POST', path)).toHaveLength(0);
    jest.mocked(confirm).mockResolvedValueOnce(true);
    await userEvent.click(within(section).getByRole('button', { name: 'Reset phone PIN' }));
    await waitFor(() => expect(api.callsTo('POST', path).map((c) => c.body)).toEqual([{ idChecked: true }]));
    expect(jest.mocked(confirm).mock.calls[0][1]).toBe('ID checked: reset it');
    await waitFor(() =>
      expect(showSuccess).toHaveBeenCalledWith('Done!', 'The phone PIN is reset: their next change by phone sets a new one.'),
    );
  });
});
