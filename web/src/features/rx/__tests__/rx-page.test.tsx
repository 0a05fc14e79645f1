import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import type { RxCheck } from '@api/record';
import RxPage from '@/features/rx/pages/rx-page';
import { withQueryClient } from '@/test-support/query';

const CHECK: RxCheck = {
  status: 'Issued',
  issuedAt: '2026-11-26T10:00:00.000Z',
  doctor: 'Dr Kwame Mensah',
  patientInitials: 'A. M.',
  items: [
    {
      medicine: 'Amoxicillin',
      strength: '500 mg',
      dose: '1 capsule',
      frequency: '3 times a day',
      duration: '5 days',
      quantity: 15,
    },
  ],
};

let answer: { statusCode: number; msg: string; data: RxCheck | null };
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
  it('when the code is genuine and not dispensed, then the page says so with the medicines and initials only', async () => {
    answer = { statusCode: 200, msg: 'ok', data: CHECK };
    renderAt('/rx/AB23CD45');
    expect(await screen.findByRole('heading', { name: 'Genuine: not yet dispensed' })).toBeInTheDocument();
    expect(screen.getByText('A. M.')).toBeInTheDocument();
    expect(screen.getByText('1 capsule, 3 times a day, for 5 days. Quantity: 15')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledWith('/api/rx/AB23CD45', expect.anything());
  });

  it('when it was dispensed, then the page says not to dispense it again', async () => {
    answer = { statusCode: 200, msg: 'ok', data: { ...CHECK, status: 'Dispensed' } };
    renderAt('/rx/AB23CD45');
    expect(await screen.findByRole('heading', { name: 'Genuine, but already dispensed' })).toBeInTheDocument();
    expect(screen.getByText('Do not dispense it again.')).toBeInTheDocument();
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
    expect(screen.getByRole('alert')).toHaveTextContent(/^Enter the code: The 8 letters and digits/);
    expect(screen.getByLabelText('Prescription code')).toHaveAttribute('aria-invalid', 'true');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
