import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import type { RxCheck, RxItems } from '@api/record';
import RxPage from '@/features/rx/pages/rx-page';
import { AMOXICILLIN } from '@/test-support/prescriptions';
import { withQueryClient } from '@/test-support/query';

const CHECK: RxCheck = {
  status: 'Issued',
  issuedAt: '2026-11-26T10:00:00.000Z',
  doctor: 'Dr Kwame Mensah',
};

const ITEMS: RxItems = {
  ...CHECK,
  items: [AMOXICILLIN],
};

let answer: { statusCode: number; msg: string; data: RxCheck | RxItems | null };
const fetchMock = jest.fn(() =>
  Promise.resolve({ ok: answer.statusCode < 300, status: answer.statusCode, json: () => Promise.resolve(answer) } as Response),
);

beforeEach(() => {
  jest.clearAllMocks();
  globalThis.fetch = fetchMock as unknown as typeof fetch;
});

const renderAt = (path: string) =>
  render(
    withQueryClient(
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/rx" element={<RxPage />} />
          <Route path="/rx/:code" element={<RxPage />} />
        </Routes>
      </MemoryRouter>,
    ),
  );

describe('/rx', () => {
  it('when the code is genuine and not dispensed, then the page says so with the date and doctor, and no medicines until the patient is proved', async () => {
    answer = { statusCode: 200, msg: 'ok', data: CHECK };
    const user = userEvent.setup();
    renderAt('/rx/AB23CD45EF');
    expect(await screen.findByRole('heading', { name: 'Genuine: not yet dispensed' })).toBeInTheDocument();
    expect(screen.getByText('Dr Kwame Mensah')).toBeInTheDocument();
    expect(screen.queryByText(/Amoxicillin/)).not.toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledWith('/api/rx/AB23CD45EF', expect.anything());

    await user.click(screen.getByRole('button', { name: 'Show the medicines' }));
    expect(screen.getByRole('alert')).toHaveTextContent(/is required/);
    answer = { statusCode: 200, msg: 'ok', data: ITEMS };
    await user.type(screen.getByLabelText('Patient’s initials'), 'asb');
    await user.type(screen.getByLabelText('Patient’s year of birth'), '1990');
    await user.click(screen.getByRole('button', { name: 'Show the medicines' }));
    expect(await screen.findByText('1 capsule, 3 times a day, for 5 days. Quantity: 15')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenLastCalledWith(
      '/api/rx/AB23CD45EF/items',
      expect.objectContaining({ method: 'POST', body: JSON.stringify({ initials: 'asb', birthYear: 1990 }) }),
    );

    answer = { statusCode: 200, msg: 'ok', data: { ...CHECK, status: 'Dispensed', dispensedAt: '2026-11-27T09:00:00.000Z' } };
    await user.type(screen.getByLabelText('Your pharmacy’s name'), 'Osu Pharmacy');
    await user.click(screen.getByRole('button', { name: 'Mark as dispensed' }));
    expect(await screen.findByRole('heading', { name: 'Already dispensed' })).toBeInTheDocument();
    expect(fetchMock).toHaveBeenLastCalledWith(
      '/api/rx/AB23CD45EF/dispense',
      expect.objectContaining({ body: JSON.stringify({ initials: 'asb', birthYear: 1990, pharmacy: 'Osu Pharmacy' }) }),
    );
  });

  it('when the initials or year do not match, then the server’s reason shows and no medicines', async () => {
    answer = { statusCode: 200, msg: 'ok', data: CHECK };
    const user = userEvent.setup();
    renderAt('/rx/AB23CD45EF');
    await screen.findByRole('heading', { name: 'Genuine: not yet dispensed' });
    answer = { statusCode: 403, msg: 'The patient’s initials and year of birth do not match this prescription.', data: null };
    await user.type(screen.getByLabelText('Patient’s initials'), 'XY');
    await user.type(screen.getByLabelText('Patient’s year of birth'), '1970');
    await user.click(screen.getByRole('button', { name: 'Show the medicines' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('do not match this prescription');
    expect(screen.queryByText(/Amoxicillin/)).not.toBeInTheDocument();
  });

  it('when it was dispensed, then the page never says genuine and says not to dispense it again', async () => {
    answer = { statusCode: 200, msg: 'ok', data: { ...CHECK, status: 'Dispensed', dispensedAt: '2026-11-27T09:00:00.000Z' } };
    renderAt('/rx/AB23CD45');
    expect(await screen.findByRole('heading', { name: 'Already dispensed' })).toBeInTheDocument();
    expect(screen.getByText('Do not dispense it again.')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Already dispensed' })).not.toHaveTextContent(/genuine/i);
    expect(screen.queryByRole('button', { name: 'Show the medicines' })).not.toBeInTheDocument();
  });

  it('when no prescription has the code, then Not found: not genuine', async () => {
    answer = { statusCode: 404, msg: 'No prescription has this code.', data: null };
    renderAt('/rx/AB23CD45');
    expect(await screen.findByRole('heading', { name: 'Not found' })).toBeInTheDocument();
    expect(screen.getByText(/It is not a genuine ExpMed Health prescription: do not dispense it\./)).toBeInTheDocument();
  });

  it('when what is typed cannot be a code, then the field says so and nothing is asked', async () => {
    const user = userEvent.setup();
    renderAt('/rx');
    await user.type(screen.getByLabelText('Prescription code'), 'AB1');
    await user.click(screen.getByRole('button', { name: 'Check' }));
    expect(screen.getByRole('alert')).toHaveTextContent(/^Enter the code: The 10 letters and digits/);
    expect(screen.getByLabelText('Prescription code')).toHaveAttribute('aria-invalid', 'true');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
