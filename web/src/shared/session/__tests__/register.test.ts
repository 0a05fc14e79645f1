import { register } from '@/shared/session/session';
import { getPatient, postPatient } from '@/shared/patient/patient';

/** Firebase tells its listeners about the new account before createUserWithEmailAndPassword resolves. */
type AuthListener = (user: { uid: string; email: string } | null) => void;
let listener: AuthListener = () => undefined;
const newUser = { uid: 'uid-new', email: 'ama@example.com', delete: jest.fn() };
jest.mock('@/lib/firebase', () => ({ auth: {} }));
jest.mock('firebase/auth', () => ({
  onAuthStateChanged: (_auth: unknown, l: AuthListener) => {
    listener = l;
  },
  createUserWithEmailAndPassword: async () => {
    listener(newUser);
    return { user: newUser };
  },
}));
jest.mock('@/shared/patient/patient', () => ({
  getPatient: jest.fn(async () => ({ patientId: 'uid-new' })),
  postPatient: jest.fn(async () => ({ patientId: 'uid-new' })),
}));

describe('signing up', () => {
  it('when the new account signs in, then its record is stored, never asked for before it exists (no 404 in the console)', async () => {
    await register({ emailAddress: 'ama@example.com', password: 'secret-123' } as Parameters<typeof register>[0]);
    expect(postPatient).toHaveBeenCalledWith('uid-new', expect.objectContaining({ emailAddress: 'ama@example.com' }));
    expect(getPatient).not.toHaveBeenCalled();
  });
});
