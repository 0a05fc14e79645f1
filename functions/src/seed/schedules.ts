import type { Firestore } from 'firebase-admin/firestore';
import { DEFAULT_DAILY_CAPACITY } from '../api/policy';
import { CAPACITY_SERVICE_IDS, type DoctorSchedule } from '../api/scheduling';
import { COLLECTIONS } from '../store/collections';
import type { Doctor } from '../api/types';
import { DOCTORS } from './catalog';

const MORNING = { from: '09:00', to: '12:00' };
const AFTERNOON = { from: '14:00', to: '17:00' };

/** Every seeded doctor's hours: weekdays morning and afternoon, Saturday morning, 30-minute slots. */
export const SEEDED_SCHEDULE: DoctorSchedule = {
  weekly: {
    mon: [MORNING, AFTERNOON],
    tue: [MORNING, AFTERNOON],
    wed: [MORNING, AFTERNOON],
    thu: [MORNING, AFTERNOON],
    fri: [MORNING, AFTERNOON],
    sat: [MORNING],
    sun: [],
  },
  slotMinutes: 30,
  timeOff: [],
};

const ALREADY_EXISTS = 6;

/**
 * Gives each doctor (the seeded ones, or an imported catalog's) a schedule and each home or
 * community service its places a day, only where none is set: running it again keeps what an
 * admin (or a test) has changed.
 */
export async function seedAvailability(db: Firestore, doctors: readonly Doctor[] = DOCTORS): Promise<number> {
  const writes = [
    ...doctors.map((d) =>
      db
        .collection(COLLECTIONS.doctorSchedules)
        .doc(d.doctorId)
        .create({ ...SEEDED_SCHEDULE, updatedBy: 'seed' }),
    ),
    ...CAPACITY_SERVICE_IDS.map((serviceId) =>
      db
        .collection(COLLECTIONS.serviceCapacity)
        .doc(String(serviceId))
        .create({ serviceId, perDay: DEFAULT_DAILY_CAPACITY, updatedBy: 'seed' }),
    ),
  ];
  const results = await Promise.allSettled(writes);
  const failed = results.find(
    (r): r is PromiseRejectedResult => r.status === 'rejected' && (r.reason as { code?: unknown }).code !== ALREADY_EXISTS,
  );
  if (failed) throw failed.reason;
  return results.filter((r) => r.status === 'fulfilled').length;
}
