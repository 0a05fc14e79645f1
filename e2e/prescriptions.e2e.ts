/**
 * An uploaded prescription, opened where people open it: the patient from their dashboard,
 * staff from the console. The API serves the file itself (its content type, private,
 * no-store); the site fetches it with the ID token and shows it in a new tab from a blob:
 * URL, under the site's Content-Security-Policy as Hosting serves it (no data: URL, which
 * connect-src refuses). Real site, API, emulators and Chromium.
 */
import type { Page } from 'playwright-core';
import { adminDb, waitUntil } from './support/admin';
import { createActivatedPatient, loginThroughUi, type TestPatient } from './support/accounts';
import { DESKTOP, PHONE, newContext, useBrowser } from './support/browser';
import { cspRefusals, pdfViewerPageCount, shownImageSize, tabOpenedBy } from './support/files';
import { bookAsPatient, freshDay, staffSignIn } from './support/staff';

jest.setTimeout(120_000);

const browser = useBrowser({ pdf: true });

/** A two-page PDF (the server checks it starts with %PDF-; Chromium's viewer reads the rest). */
const TWO_PAGE_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R 4 0 R]/Count 2>>endobj\n' +
    '3 0 obj<</Type/Page/MediaBox[0 0 300 400]/Parent 2 0 R>>endobj\n4 0 obj<</Type/Page/MediaBox[0 0 300 400]/Parent 2 0 R>>endobj\n' +
    'trailer<</Root 1 0 R>>\n%%EOF\n',
);

/** A PNG of a given size, drawn by the browser as a phone's photo would be. */
const pngDataUrl = (page: Page, width: number, height: number) =>
  page.evaluate(
    ([w, h]) => {
      const canvas = Object.assign(document.createElement('canvas'), { width: w, height: h });
      const context = canvas.getContext('2d')!;
      context.fillStyle = '#0b6e4f';
      context.fillRect(0, 0, w, h);
      return canvas.toDataURL('image/png');
    },
    [width, height],
  );

/** The patient books Medicine Delivery (service 7) with the prescription attached, through the API as the form does. */
const bookWithPrescription = (patient: TestPatient, dataUrl: string, fileName: string) =>
  bookAsPatient(patient, {
    requestedServiceId: 7,
    requestedDay: freshDay(),
    appointmentFiles: dataUrl,
    appointmentFileName: fileName,
  });

describe('opening an uploaded prescription', () => {
  it('when the patient opens their prescription photo on the dashboard, then a new tab shows the image, nothing refused', async () => {
    const patient = await createActivatedPatient();
    const context = await newContext(browser(), PHONE);
    const page = await context.newPage();
    const refused = cspRefusals(page);
    await loginThroughUi(page, patient);
    await bookWithPrescription(patient, await pngDataUrl(page, 321, 123), 'my prescription.png');

    await page.goto('/dashboard');
    await page.getByRole('button', { name: /Medicine Delivery/ }).click();
    const tab = await tabOpenedBy(context, () => page.getByRole('button', { name: 'Open prescription' }).click());
    const tabRefused = cspRefusals(tab);
    expect(
      await waitUntil(
        () => shownImageSize(tab),
        (shown) => shown.width > 0,
      ),
    ).toEqual({
      type: 'image/png',
      width: 321,
      height: 123,
    });
    expect(await page.locator('.swal2-popup').count()).toBe(0); // no 'Oops'
    expect([...refused, ...tabRefused]).toEqual([]);
  });

  it('when staff open a patient’s PDF prescription in the console, then Chromium’s PDF viewer shows its pages and the opening is audited', async () => {
    const patient = await createActivatedPatient();
    const booked = await bookWithPrescription(
      patient,
      `data:application/pdf;base64,${TWO_PAGE_PDF.toString('base64')}`,
      'scan.pdf',
    );

    const context = await newContext(browser(), DESKTOP);
    const page = await context.newPage();
    const refused = cspRefusals(page);
    await staffSignIn(page, 'staff', `/staff/appointments/${booked.appointmentId}`);
    await page.getByRole('heading', { level: 1, name: `${patient.firstName} ${patient.lastName}` }).waitFor();
    const tab = await tabOpenedBy(context, () => page.getByRole('button', { name: 'Open prescription' }).click());
    expect(await tab.evaluate(() => document.contentType)).toBe('application/pdf');
    expect(await pdfViewerPageCount(browser(), tab)).toBe(2);
    expect(await page.locator('.swal2-popup').count()).toBe(0);
    expect(refused).toEqual([]);

    const audit = await adminDb()
      .collection('auditLog')
      .where('target', '==', `appointments/${booked.appointmentId}`)
      .where('action', '==', 'appointment.file.read')
      .get();
    expect(audit.size).toBe(1);
  });
});
