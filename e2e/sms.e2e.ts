/**
 * design.md 'Notifications' through npm start's stack: the API in the Functions emulator
 * behind Hosting queues the SMS and sends it after the commit to the provider's SMS API (the
 * sandbox on 5005), which records what it was sent.
 */
import { createActivatedPatient, idTokenFor } from './support/accounts';
import { waitUntil } from './support/admin';
import { SITE_URL } from './support/browser';
import { freeSlotOf } from './support/booking';

jest.setTimeout(90_000);

const SANDBOX = 'http://127.0.0.1:5005';

const smsTo = async (to: string) =>
  ((await (await fetch(`${SANDBOX}/__control/sms?to=${encodeURIComponent(to)}`)).json()) as { messages: { content: string }[] })
    .messages;

it('when a patient signs up and books, then the sandbox receives the phone code and the booking by SMS, once each, naming the clinic', async () => {
  const local = `055${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
  const phone = `+233${local.slice(1)}`;
  const patient = await createActivatedPatient({ phone: local });
  const { day, time } = await freeSlotOf('dr-boateng');
  const res = await fetch(`${SITE_URL}/api/appointments`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${await idTokenFor(patient.email, patient.password)}` },
    body: JSON.stringify({
      bookFor: 'SELF',
      firstName: patient.firstName,
      lastName: patient.lastName,
      gender: patient.gender,
      emailAddress: patient.email,
      contactNumber: local,
      location: patient.location,
      healthProblem: 'Cough for two weeks',
      requestedServiceId: 1,
      doctorId: 'dr-boateng',
      requestedDay: day,
      requestedTime: time,
    }),
  });
  expect(res.status).toBe(201);
  const { clientReference } = (await res.json()).data as { clientReference: string };
  const messages = await waitUntil(
    () => smsTo(phone),
    (m) => m.length >= 2,
  );
  expect(messages.map((m) => m.content)).toEqual([
    expect.stringMatching(/^ExpMed Health code to confirm this phone number is \d{6}\./),
    expect.stringMatching(new RegExp(`^ExpMed Health: We received your request for .* Ref ${clientReference}\\.$`)),
  ]);
});
