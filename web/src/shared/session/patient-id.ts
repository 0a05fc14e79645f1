import { useSession, type Session } from '@/shared/session/session';

/** The signed-in patient's uid, which their records are kept under; undefined for anyone else. */
export const patientIdOf = (session: Session): string | undefined => (session.status === 'signed-in' ? session.uid : undefined);

/** The signed-in patient's uid, for a page of their dashboard. */
export const usePatientId = (): string | undefined => patientIdOf(useSession());
