/**
 * The record after a visit end to end (docs/record.md): a doctor completes a paid
 * virtual consultation from the console with notes, a prescription and a lab request; the
 * patient reads the summary (never the notes), downloads the prescription's PDF, orders the
 * medicines and books (and pays) the lab tests from the dashboard; staff upload a result and
 * the patient opens it; a pharmacist's check of the code at /rx says genuine, then dispensed
 * once staff mark it. Real site through Hosting, API, Auth and Firestore emulators, sandbox.
 */
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { adminDb, waitUntil } from './support/admin';
import { createActivatedPatient, idTokenFor, loginThroughUi } from './support/accounts';
import { seriousViolations } from './support/axe';
import { freeSlotOf, pickFreeDay } from './support/booking';
import { DESKTOP, newContext, PHONE, SITE_URL, useBrowser } from './support/browser';
import { bookAsPatient, payAsPatient, seededDoctorId, staffSignIn } from './support/staff';
import { dialogCloses, dialogSays } from './support/dialogs';
import { mailsAboutPatient } from './support/mail';

jest.setTimeout(180_000);

const browser = useBrowser();

/** Waits for the 'Saved!' dialog and closes it (the page is back once it has gone); answers its text. */
async function saved(page: Page): Promise<string> {
  await dialogSays(page, 'Saved!');
  const text = (await page.locator('.swal2-html-container').textContent()) ?? '';
  await page.locator('.swal2-confirm').click();
  await dialogCloses(page);
  return text;
}

/** axe on the page as it is now, at phone and desktop width (the page is left at `end`). */
async function axeBothWidths(page: Page, label: string, end = PHONE): Promise<string[]> {
  await page.setViewportSize(PHONE);
  const found = await seriousViolations(page, `${label} @390`);
  await page.setViewportSize(DESKTOP);
  found.push(...(await seriousViolations(page, `${label} @1280`)));
  await page.setViewportSize(end);
  return found;
}

/** The file a click downloads, as bytes. */
async function downloaded(page: Page, click: () => Promise<void>): Promise<{ name: string; bytes: Buffer }> {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  return { name: download.suggestedFilename(), bytes: await readFile((await download.path()) as string) };
}

const appointmentsOf = async (uid: string): Promise<Record<string, unknown>[]> =>
  (await adminDb().collection('appointments').where('patientId', '==', uid).get()).docs.map((d) => ({ id: d.id, ...d.data() }));

/** A small real PDF, as a lab would send it. */
const RESULT_PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n');

describe('the record after a visit', () => {
  const notes = {
    complaint: 'Sore throat and fever for 3 days',
    findings: `Tonsils enlarged with exudate ${Date.now()}`,
    assessment: 'Acute bacterial tonsillitis',
    plan: 'Amoxicillin; full blood count and malaria test',
  };
  const summary = `Tonsillitis: take the antibiotics for 5 days and do the blood tests. ${Date.now()}`;
  let patient: Awaited<ReturnType<typeof createActivatedPatient>>;
  let visitId: string;
  let code: string;
  let patientPage: Page;
  const BIRTH_YEAR = '1988';

  beforeAll(async () => {
    patient = await createActivatedPatient({ firstName: 'Adwoa', lastName: `Record${Date.now() % 100000}` });
    // The pharmacist's proof at /rx is the initials and this year (docs/record.md).
    await adminDb()
      .collection('patients')
      .doc(patient.uid)
      .update({ dateOfBirth: `${BIRTH_YEAR}-05-02` });
    const doctorId = await seededDoctorId();
    const { day, time } = await freeSlotOf(doctorId);
    const booked = await bookAsPatient(patient, { requestedServiceId: 1, doctorId, requestedDay: day, requestedTime: time });
    await payAsPatient(patient, booked);
    visitId = booked.appointmentId;
  });

  it('when the doctor prescribes, requests lab tests and completes the visit with notes from the console, then the visit holds them', async () => {
    const page = await (await newContext(browser(), DESKTOP)).newPage();
    await staffSignIn(page, 'doctor', `/staff/appointments/${visitId}`);
    await page.getByRole('heading', { level: 1, name: `${patient.firstName} ${patient.lastName}` }).waitFor();
    for (const action of ['Accept', 'Check in']) {
      await page.getByRole('button', { name: action, exact: true }).click();
      await saved(page);
    }

    await page.getByRole('button', { name: 'Prescribe' }).click();
    const rx = page.getByRole('dialog', { name: 'Prescribe' });
    await rx.getByRole('textbox', { name: 'Medicine', exact: true }).fill('Amoxicillin');
    await rx.getByLabel('Strength').fill('500 mg');
    await rx.getByLabel('Dose').fill('1 capsule');
    await rx.getByLabel('How often').fill('3 times a day');
    await rx.getByLabel('How long').fill('5 days');
    await rx.getByLabel('Quantity').fill('15');
    await rx.getByLabel('Notes').fill('Take after meals');
    await rx.getByRole('button', { name: 'Issue prescription' }).click();
    code = /Prescription ([A-Z0-9]{10}) has been issued/.exec(await saved(page))![1];
    await page
      .getByRole('listitem', { name: `Prescription ${code}` })
      .getByText('Amoxicillin 500 mg')
      .waitFor();

    await page.getByRole('button', { name: 'Request lab tests' }).click();
    const labs = page.getByRole('dialog', { name: 'Request lab tests' });
    await labs.getByLabel(/Full Blood Count/).check();
    await labs.getByLabel(/Malaria Parasite Test/).check();
    await labs.getByRole('button', { name: 'Request tests' }).click();
    await saved(page);

    // The visit takes place now: a visit cannot be completed more than 15 minutes before its start.
    const now = new Date().toISOString();
    await adminDb()
      .collection('appointments')
      .doc(visitId)
      .update({ requestedDay: now.slice(0, 10), requestedTime: now.slice(11, 16) });
    await page.reload();
    await page.getByRole('button', { name: 'Complete visit', exact: true }).click();
    const complete = page.getByRole('dialog', { name: 'Complete visit' });
    await complete.getByLabel('Visit summary (the patient reads this)').fill(summary);
    await complete.getByLabel('Presenting complaint').fill(notes.complaint);
    await complete.getByLabel('Findings').fill(notes.findings);
    await complete.getByLabel('Assessment').fill(notes.assessment);
    await complete.getByLabel('Plan').fill(notes.plan);
    await complete.getByLabel('Suggest a follow-up').selectOption({ label: 'In 2 weeks' });
    await complete.getByLabel('Note for the patient').fill('Come back if the fever returns');
    await complete.getByRole('button', { name: 'Complete visit' }).click();
    await saved(page);
    await page.locator('.staff-card').getByText('Completed', { exact: true }).waitFor();
    await page.getByRole('heading', { name: 'Clinical notes' }).waitFor();
    expect(await axeBothWidths(page, 'appointment with its visit record', DESKTOP)).toEqual([]);

    const stored = (await adminDb().collection('appointments').doc(visitId).get()).data()!;
    expect(stored).toMatchObject({ appointmentStatus: 'Completed', visitSummary: summary, clinicalNotes: notes });
    expect(stored.followUp.note).toBe('Come back if the fever returns');

    // The doctor opens the patient's record from the visit: the notes are in it.
    await page.getByRole('link', { name: 'Patient record' }).click();
    await page.getByRole('heading', { level: 1, name: `${patient.firstName} ${patient.lastName}` }).waitFor();
    await page.getByText(notes.findings).waitFor();
    expect(await axeBothWidths(page, 'patient record (doctor)', DESKTOP)).toEqual([]);
  });

  it('when the patient opens the visit, then they read the summary and not the notes, and download the prescription as a PDF', async () => {
    patientPage = await (await newContext(browser(), PHONE)).newPage();
    await loginThroughUi(patientPage, patient, '/dashboard');
    await patientPage.getByRole('button', { name: /Virtual Consultation/ }).click();
    const detail = patientPage.locator('.appointment-detail');
    await detail.getByText(summary).waitFor();
    await detail.getByText(/Come back if the fever returns/).waitFor();
    expect(await patientPage.content()).not.toContain(notes.findings);

    await patientPage.goto('/dashboard/records');
    const card = patientPage.getByRole('listitem', { name: `Prescription ${code}` });
    await card.getByText('Amoxicillin 500 mg').waitFor();
    const pdf = await downloaded(patientPage, () => card.getByRole('button', { name: 'Download PDF' }).click());
    expect(pdf.name).toBe(`prescription-${code}.pdf`);
    const text = pdf.bytes.toString('latin1');
    expect(text.startsWith('%PDF-')).toBe(true);
    expect(text).toContain('Amoxicillin 500 mg');
    expect(text).toContain(code);
    expect(await axeBothWidths(patientPage, 'Prescriptions & results')).toEqual([]);
  });

  it('when the patient orders the medicines, then a Medicine Delivery booking carries the prescription without a file', async () => {
    const card = patientPage.getByRole('listitem', { name: `Prescription ${code}` });
    await card.getByRole('link', { name: 'Order these medicines' }).click();
    const form = patientPage.getByRole('form', { name: 'Book an appointment' });
    await form.getByText('Your e-prescription from the clinic goes with this order: no upload is needed.').waitFor();
    await form.getByText(`${patient.firstName} ${patient.lastName}`, { exact: true }).waitFor();
    // A delivery goes to the patient's address (docs/front-desk.md): the form asks where.
    await form.getByLabel(/^Street address or landmark/).fill('House 12, Oxford Street, Osu');
    await pickFreeDay(form);
    await form.getByRole('button', { name: 'Submit' }).click();
    await patientPage.locator('.swal2-confirm').click();
    await saved(patientPage);
    const delivery = (await appointmentsOf(patient.uid)).find((a) => a.requestedServiceId === 7)!;
    const prescription = (await adminDb().collection('prescriptions').where('code', '==', code).get()).docs[0];
    expect(delivery).toMatchObject({ prescriptionId: prescription.id, appointmentFileName: null, requiresPayment: false });
    expect(prescription.get('deliveryAppointmentId')).toBe(delivery.id);
  });

  it('when the patient books the requested lab tests in one step and pays in the sandbox, then the lab booking is Paid at the server’s price', async () => {
    await patientPage.goto('/dashboard/records');
    await patientPage.getByRole('link', { name: 'Book these tests' }).click();
    const form = patientPage.getByRole('form', { name: 'Book an appointment' });
    await form.getByText('The tests your doctor requested are ticked. Choose a day, then Submit.').waitFor();
    expect(await form.getByLabel('Full Blood Count').isChecked()).toBe(true);
    expect(await form.getByLabel('Malaria Parasite Test').isChecked()).toBe(true);
    expect(await form.getByTestId('lab-total').textContent()).toBe('GHS 85.00');
    await form.getByText(`${patient.firstName} ${patient.lastName}`, { exact: true }).waitFor();
    await form.getByLabel('Preferred Date').fill(new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10));
    await form.getByRole('button', { name: 'Submit' }).click();
    await patientPage.locator('.swal2-confirm').click();
    const frame = patientPage.frameLocator('iframe[title="Secure checkout"]');
    await frame.getByLabel('Network').selectOption('MTN');
    await frame.getByLabel('Mobile Money number').fill('0244123456');
    await frame.getByRole('button', { name: 'Pay' }).click();
    await dialogSays(patientPage, 'Payment Successful', 30_000);
    const lab = (await appointmentsOf(patient.uid)).find((a) => a.requestedServiceId === 6)!;
    expect(lab).toMatchObject({ consultationFee: 85, paymentStatus: 'Paid' });
    const request = (await adminDb().collection('labRequests').where('appointmentId', '==', visitId).get()).docs[0];
    expect(request.data()).toMatchObject({ status: 'Booked', bookedAppointmentId: lab.id });
  });

  it('when staff upload a result to the lab booking, then the patient is told and opens it in the dashboard', async () => {
    const lab = (await appointmentsOf(patient.uid)).find((a) => a.requestedServiceId === 6)!;
    const console_ = await (await newContext(browser(), DESKTOP)).newPage();
    await staffSignIn(console_, 'staff', `/staff/appointments/${lab.id}`);
    for (const action of ['Accept', 'Check in']) {
      await console_.getByRole('button', { name: action, exact: true }).click();
      await saved(console_);
    }
    const upload = console_.getByRole('form', { name: 'Upload result' });
    await upload
      .getByLabel(/Result file/)
      .setInputFiles({ name: 'FBC-result.pdf', mimeType: 'application/pdf', buffer: RESULT_PDF });
    await upload.getByRole('button', { name: 'Upload result' }).click();
    await saved(console_);
    await console_.getByRole('button', { name: 'Open FBC-result.pdf' }).waitFor();
    const mails = await waitUntil(
      () => mailsAboutPatient(patient.uid),
      (delivered) => delivered.some((m) => m.event === 'result.ready'),
    );
    expect(mails.find((m) => m.event === 'result.ready')!.subject).toBe('A lab result is ready in your dashboard');

    await patientPage.goto('/dashboard/records');
    const file = await downloaded(patientPage, () => patientPage.getByRole('button', { name: 'Open FBC-result.pdf' }).click());
    expect(Buffer.compare(file.bytes, RESULT_PDF)).toBe(0);
  });

  it('when a pharmacist checks the code at /rx, then it is genuine; the medicines show after the initials and year of birth; once dispensed there, it never says genuine again', async () => {
    const pharmacy = await (await newContext(browser(), PHONE)).newPage();
    await pharmacy.goto('/rx');
    await pharmacy.getByLabel('Prescription code').fill(`${code.slice(0, 4).toLowerCase()} ${code.slice(4)}`);
    await pharmacy.getByRole('button', { name: 'Check' }).click();
    await pharmacy.waitForURL(`**/rx/${code}`);
    await pharmacy.getByRole('heading', { name: 'Genuine: not yet dispensed' }).waitFor();
    expect(await pharmacy.getByText('Amoxicillin').count()).toBe(0);
    expect(await axeBothWidths(pharmacy, '/rx genuine')).toEqual([]);

    await pharmacy.getByLabel('Patient’s initials').fill('a.r');
    await pharmacy.getByLabel('Patient’s year of birth').fill(BIRTH_YEAR);
    await pharmacy.getByRole('button', { name: 'Show the medicines' }).click();
    await pharmacy
      .getByRole('listitem')
      .filter({ hasText: 'Amoxicillin 500 mg' })
      .getByText('1 capsule, 3 times a day, for 5 days. Quantity: 15')
      .waitFor();
    expect(await pharmacy.content()).not.toContain(patient.lastName);
    expect(await axeBothWidths(pharmacy, '/rx medicines')).toEqual([]);

    await pharmacy.getByLabel('Your pharmacy’s name').fill('Osu Community Pharmacy');
    await pharmacy.getByRole('button', { name: 'Mark as dispensed' }).click();
    await pharmacy.getByRole('heading', { name: 'Already dispensed' }).waitFor();
    await pharmacy.getByRole('button', { name: 'Check again' }).click();
    await pharmacy.getByRole('heading', { name: 'Already dispensed' }).waitFor();
    expect(await pharmacy.locator('.rx-verdict').textContent()).not.toMatch(/genuine/i);
    expect(await axeBothWidths(pharmacy, '/rx dispensed')).toEqual([]);
    const stored = (await adminDb().collection('prescriptions').where('code', '==', code).get()).docs[0];
    expect(stored.get('dispensedBy')).toBe('pharmacy: Osu Community Pharmacy');
  });

  it('when the PDF and the result are fetched through Hosting, then they are private, no-store and never sniffed; another patient is refused', async () => {
    const token = await idTokenFor(patient.email, patient.password);
    const prescription = (await adminDb().collection('prescriptions').where('code', '==', code).get()).docs[0];
    const lab = (await appointmentsOf(patient.uid)).find((a) => a.requestedServiceId === 6)!;
    const [result] = lab.results as { fileId: string }[];
    const paths = [
      `/api/prescriptions/${patient.uid}/${prescription.id}/pdf`,
      `/api/appointments/${String(lab.id)}/results/${result.fileId}`,
    ];
    for (const path of paths) {
      const res = await fetch(`${SITE_URL}${path}`, { headers: { Authorization: `Bearer ${token}` } });
      expect([path, res.status, res.headers.get('content-type')]).toEqual([path, 200, 'application/pdf']);
      expect(res.headers.get('cache-control')).toBe('private, no-store');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    }
    const other = await createActivatedPatient();
    const otherToken = await idTokenFor(other.email, other.password);
    const refused = await Promise.all(
      paths.map((path) => fetch(`${SITE_URL}${path}`, { headers: { Authorization: `Bearer ${otherToken}` } })),
    );
    expect(refused.map((r) => r.status)).toEqual([403, 403]);
  });
});
