import { ValidationError } from 'yup';
import { bookingSchema, atHome } from '../api/booking-request';
import { assignSchema, clinicPatientSchema, daySheetQuerySchema, deskPaymentSchema, staffBookingSchema } from '../api/front-desk';
import { appointmentListQuerySchema } from '../api/staff-requests';
import { nextState } from '../api/staff';
import { cancellationTerms } from '../api/policy';

/** The front desk's request rules (api/front-desk.ts, api/booking-request.ts): what passes, and what each refusal names. */
const errorsOf = async (schema: { validate: (v: unknown, o: object) => Promise<unknown> }, value: unknown) => {
  try {
    await schema.validate(value, { abortEarly: false, stripUnknown: true });
    return [];
  } catch (err) {
    if (err instanceof ValidationError) return err.errors;
    throw err;
  }
};

const day = new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10);
const booking = {
  firstName: 'Ama',
  lastName: 'Owusu',
  gender: 'FEMALE',
  emailAddress: 'ama@example.com',
  contactNumber: '024 123 4567',
  location: 'Osu, Accra',
  requestedDay: day,
};

describe('the address of a home visit or a delivery', () => {
  it("is required for services at the patient's address, and names the field", async () => {
    for (const requestedServiceId of [2, 3, 4, 7]) {
      const errors = await errorsOf(bookingSchema, { ...booking, requestedServiceId, appointmentFiles: 'x' });
      expect(errors).toContain('Address is required for a home visit or a delivery: a street address or landmark.');
    }
    const dietaryHome = await errorsOf(bookingSchema, {
      ...booking,
      requestedServiceId: 5,
      requestedServiceOption: 'HOME_VISIT',
    });
    expect(dietaryHome.join(' ')).toMatch(/Address is required/);
  });

  it('is dropped where nobody goes to the patient', async () => {
    const cast = await bookingSchema.validate(
      {
        ...booking,
        requestedServiceId: 9,
        organiztionName: 'A',
        organiztionLocation: 'B',
        organiztionType: 'COMMUNITY',
        organiztionService: 'ALL',
        expectedPeople: '1-20',
        address: { line: 'x' },
      },
      { stripUnknown: true },
    );
    expect(cast).not.toHaveProperty('address');
    expect(atHome(5, 'VIRTUAL')).toBe(false);
    expect(atHome(5, 'HOME_VISIT')).toBe(true);
  });

  it('lab tests are at home only with the samples taken there; a dietary mode left from another service is dropped', async () => {
    expect(atHome(6, undefined)).toBe(false);
    expect(atHome(6, 'HOME_VISIT')).toBe(false);
    expect(atHome(6, 'SAMPLES_AT_HOME')).toBe(true);
    const labs = { ...booking, requestedServiceId: 6, selectedLabs: ['fbc'] };
    for (const option of ['VIRTUAL', 'HOME_VISIT']) {
      const cast = await bookingSchema.validate({ ...labs, requestedServiceOption: option, address: { line: 'x' } });
      expect(cast.requestedServiceOption).toBeUndefined();
      expect(cast).not.toHaveProperty('address');
    }
    expect(await errorsOf(bookingSchema, { ...labs, requestedServiceOption: 'SAMPLES_AT_HOME' })).toEqual([
      'Address is required for a home visit or a delivery: a street address or landmark.',
    ]);
  });

  it('takes a GhanaPost digital address in any case and refuses another shape, naming the field', async () => {
    const ok = await bookingSchema.validate(
      { ...booking, requestedServiceId: 3, address: { line: 'House 12, Oxford Street', digitalAddress: ' ga-183-8164 ' } },
      { stripUnknown: true },
    );
    expect(ok.address).toEqual({ line: 'House 12, Oxford Street', digitalAddress: 'GA-183-8164' });
    const typedBare = await bookingSchema.validate(
      { ...booking, requestedServiceId: 3, address: { line: 'x', digitalAddress: 'ga1838164' } },
      { stripUnknown: true },
    );
    expect(typedBare.address?.digitalAddress).toBe('GA-183-8164');
    const lowerNoDashes = await bookingSchema.validate(
      { ...booking, requestedServiceId: 3, address: { line: 'x', digitalAddress: 'ak4859320' } },
      { stripUnknown: true },
    );
    expect(lowerNoDashes.address?.digitalAddress).toBe('AK-485-9320');
    for (const digitalAddress of ['G-123-4567', 'GA-12-4567', 'GA-12345-4567', 'GA-123-456']) {
      const errors = await errorsOf(bookingSchema, { ...booking, requestedServiceId: 3, address: { line: 'x', digitalAddress } });
      expect(errors).toEqual(['GhanaPost digital address must be like GA-123-4567 (two letters, then digits).']);
    }
    expect(
      await errorsOf(bookingSchema, {
        ...booking,
        requestedServiceId: 3,
        address: { line: 'x', digitalAddress: 'AK-1234-5678' },
      }),
    ).toEqual([]);
    expect(
      await errorsOf(bookingSchema, { ...booking, requestedServiceId: 3, address: { landmark: 'Near the mosque' } }),
    ).toEqual(['Street address or landmark is required.']);
  });
});

describe("the desk's requests", () => {
  it('a new person: phone stored +233..., the rest optional', async () => {
    const cast = await clinicPatientSchema.validate(
      { firstName: ' Kofi ', lastName: 'Asare', contactNumber: '024 555 1234' },
      { stripUnknown: true },
    );
    expect(cast).toMatchObject({ firstName: 'Kofi', lastName: 'Asare', contactNumber: '+233245551234' });
    expect(await errorsOf(clinicPatientSchema, { firstName: 'K', lastName: 'A', contactNumber: '+44 20 7946 0958' })).toEqual([
      'Phone Number must be a Ghana number: 0XXXXXXXXX or +233XXXXXXXXX.',
    ]);
  });

  it('a desk booking takes no name, phone or e-mail from the body', async () => {
    const cast = await staffBookingSchema.validate(
      { ...booking, patientId: 'p1', requestedServiceId: 2, address: { line: 'Osu' } },
      { stripUnknown: true },
    );
    expect(cast).not.toHaveProperty('firstName');
    expect(cast).not.toHaveProperty('contactNumber');
    expect(cast).not.toHaveProperty('emailAddress');
    expect(cast).toMatchObject({ patientId: 'p1', requestedServiceId: 2 });
  });

  it('mobile money needs its reference; cash does not', async () => {
    expect(await errorsOf(deskPaymentSchema, { method: 'momo' })).toEqual([
      'The mobile money reference is required for a mobile money payment.',
    ]);
    expect(await errorsOf(deskPaymentSchema, { method: 'cash' })).toEqual([]);
    expect(await errorsOf(deskPaymentSchema, { method: 'card' })).toEqual(['Method must be cash or momo.']);
  });

  it('an arrival window runs forwards', async () => {
    expect(await errorsOf(assignSchema, { assignedTo: 'u1', arrivalWindow: { from: '11:00', to: '10:00' } })).toEqual([
      'Arrival window: Arrives from must be before Arrives by.',
    ]);
    expect(await errorsOf(assignSchema, { assignedTo: 'u1' })).toEqual([]);
  });

  it('a list covers one day or at most a week', async () => {
    expect(await errorsOf(appointmentListQuerySchema, { from: '2027-01-04', to: '2027-01-10' })).toEqual([]);
    expect(await errorsOf(appointmentListQuerySchema, { from: '2027-01-04', to: '2027-01-11' })).toEqual([
      'from 2027-01-04 to 2027-01-11 is 8 days: ask for at most 7 days.',
    ]);
    expect(await errorsOf(appointmentListQuerySchema, { day: '2027-01-04', from: '2027-01-04', to: '2027-01-05' })).toEqual([
      'Give either a day or From and To, not both.',
    ]);
    expect(await errorsOf(daySheetQuerySchema, { day: '2027-01-04' })).toEqual(['Name the sheet: a doctor, or the home visits.']);
  });

  it('a home visit goes Accepted -> OnTheWay -> CheckedIn', () => {
    expect(nextState('Accepted', 'on-the-way')).toBe('OnTheWay');
    expect(nextState('OnTheWay', 'check-in')).toBe('CheckedIn');
    expect(nextState('Pending', 'on-the-way')).toBeUndefined();
  });

  it('cancelling an appointment the clinic must rebook is free, however close it is', () => {
    const soon = {
      appointmentStatus: 'Accepted',
      paymentStatus: 'Paid',
      consultationFee: 100,
      requestedDay: '2027-01-04',
      requestedTime: '10:00',
    };
    const now = new Date('2027-01-04T08:00:00Z');
    expect(cancellationTerms(soon, now)).toMatchObject({ rule: 'late', refundAmount: 50 });
    expect(cancellationTerms({ ...soon, needsRebooking: true }, now)).toMatchObject({
      rule: 'free',
      refundAmount: 100,
      feeAmount: 0,
    });
  });
});
