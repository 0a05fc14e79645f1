import { Timestamp } from 'firebase-admin/firestore';
import { ROLE_CHANGED } from '../../../api/staff';
import { COLLECTIONS } from '../../../store/collections';
import { db } from '../../../store/firebase';
import { runTransaction } from '../../../store/transaction';
import { createStaffUser } from '../../../test-support/auth';
import { freshDoctorId, visitDoctor } from '../../../test-support/visits';
import { confirmedHost, hostOf, roleIn } from '../host';

/**
 * The host rule (services/visits/host.ts, docs/visits.md 'Who, and when') against the Auth and
 * Firestore emulators: the roster decides who hosts, read again inside the transaction.
 */
const patient = { uid: 'host-rule-patient' };
const roster = (uid: string) => db().collection(COLLECTIONS.staffMembers).doc(uid);

describe('who hosts a video visit', () => {
  it('when the patient opens the room first, then the host is the newest roster account of the doctor; and when that role is removed before the transaction, then the transaction confirms no host', async () => {
    const doctorId = freshDoctorId();
    const older = await visitDoctor(doctorId);
    const newer = await visitDoctor(doctorId);
    await roster(older.uid).update({ grantedAt: Timestamp.fromMillis(Date.now() - 60_000) });
    const a = { patientId: patient.uid, doctorId };

    const found = await hostOf(patient, 'patient', a, undefined);
    expect(found).toBe(newer.uid);

    await roster(newer.uid).delete();
    const confirmed = await runTransaction((tx) => confirmedHost(tx, patient, 'patient', a, [undefined, found]));
    expect(confirmed).toBeUndefined();
    // The older account the roster still backs is found by the next lookup.
    expect(await hostOf(patient, 'patient', a, undefined)).toBe(older.uid);
  });

  it('when the recorded host is still backed by the roster, then they keep the room though the doctor has a newer account', async () => {
    const doctorId = freshDoctorId();
    const recorded = await visitDoctor(doctorId);
    await roster(recorded.uid).update({ grantedAt: Timestamp.fromMillis(Date.now() - 60_000) });
    await visitDoctor(doctorId);

    expect(await hostOf(patient, 'patient', { doctorId }, recorded.uid)).toBe(recorded.uid);
  });

  it('when a visit without a doctor is assigned to an account whose roster role is nurse, then nobody hosts it and that account is no participant', async () => {
    const nurse = await createStaffUser('nurse');
    const a = { patientId: patient.uid, doctorId: null, assignedTo: nurse.uid };

    expect(await hostOf(patient, 'patient', a, undefined)).toBeUndefined();
    expect(await roleIn({ uid: nurse.uid, role: 'nurse' }, a)).toBeUndefined();
    expect(await roleIn(patient, a)).toBe('patient');
  });

  it('when a doctor whose token still says doctor was given another role in the roster, then their claim to host is refused as a changed role (401)', async () => {
    const doctor = await visitDoctor();
    await roster(doctor.uid).update({ role: 'staff', doctorId: null });

    await expect(
      roleIn(
        { uid: doctor.uid, role: 'doctor', doctorId: doctor.doctorId },
        { patientId: patient.uid, doctorId: doctor.doctorId },
      ),
    ).rejects.toMatchObject({ status: 401, message: ROLE_CHANGED });
  });
});
