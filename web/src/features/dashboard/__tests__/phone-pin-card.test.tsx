import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PhonePinState } from '@api/front-desk';
import { PhonePinCard } from '@/features/dashboard/components/phone-pin-card';
import { confirm, showSuccess } from '@/lib/dialogs';
import { withQueryClient } from '@/test-support/query';

jest.mock('@/lib/firebase', () => ({ currentIdToken: () => Promise.resolve('test-token') }));
jest.mock('@/lib/dialogs', () => ({ confirm: jest.fn(), showApiError: jest.fn(), showSuccess: jest.fn() }));

/** GET and DELETE /api/patient/{patientId}/phone-pin as the API answers them ({ state }). */
let state: PhonePinState;
const calls: string[] = [];

beforeEach(() => {
  calls.length = 0;
  globalThis.fetch = jest.fn((url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    calls.push(`${method} ${new URL(url, 'http://localhost').pathname}`);
    if (method === 'DELETE') state = 'none';
    return Promise.resolve({
      ok: true,
      status: 200,
      json: () => Promise.resolve({ statusCode: 200, msg: 'ok', data: { state } }),
    } as Response);
  }) as unknown as typeof fetch;
});

const show = () => render(withQueryClient(<PhonePinCard patientId="p1" />));

describe('Phone PIN', () => {
  it('when the PIN is locked, then the card says so, and Reset (confirmed) forgets it', async () => {
    state = 'locked';
    jest.mocked(confirm).mockResolvedValue(true);
    show();
    expect(await screen.findByText(/Your PIN is locked after 3 wrong tries/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Reset phone PIN' }));
    expect(await screen.findByText(/You have not chosen a PIN yet/)).toBeInTheDocument();
    expect(calls).toContain('DELETE /api/patient/p1/phone-pin');
    expect(showSuccess).toHaveBeenCalledWith('Done!', expect.stringContaining('Your phone PIN is reset.'));
  });

  it('when the patient does not confirm, then nothing is reset', async () => {
    state = 'set';
    jest.mocked(confirm).mockResolvedValue(false);
    show();
    await userEvent.click(await screen.findByRole('button', { name: 'Reset phone PIN' }));
    expect(calls).not.toContain('DELETE /api/patient/p1/phone-pin');
    expect(screen.getByText(/Your PIN is set\./)).toBeInTheDocument();
  });

  it('when no PIN was chosen, then the card says when one is asked for, with nothing to reset', async () => {
    state = 'none';
    show();
    expect(await screen.findByText(/The first time you cancel, change your package/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reset phone PIN' })).not.toBeInTheDocument();
  });
});
