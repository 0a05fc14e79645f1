import { chromium } from 'playwright-core';
import admin from 'firebase-admin';
process.env.FIRESTORE_EMULATOR_HOST = '127.0.0.1:8080';
admin.initializeApp({ projectId: 'demo-healthcare' });
const db = admin.firestore();
const code = 'SHQT7K2M9P';
await db.collection('prescriptions').doc('shot-rx').set({
  prescriptionId: 'shot-rx', appointmentId: 'shot-a', patientId: 'shot-p', doctorId: 'dr-x', doctor: 'Dr Kwame Mensah',
  prescribedBy: { uid: 'x', role: 'doctor' }, code, status: 'Issued', issuedAt: new Date().toISOString(),
  items: [{ medicine: 'Amoxicillin', strength: '500 mg', dose: '1 capsule', frequency: '3 times a day', duration: '5 days', quantity: 15 },
          { medicine: 'Paracetamol', strength: '1 g', dose: '1 tablet', frequency: 'every 8 hours', duration: '3 days', quantity: 9 }],
  patientName: 'Ama Serwaa Boateng', patientInitials: 'A. S. B.', patientDateOfBirth: '1990-03-14',
});
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium-headless-shell' });
for (const width of [390, 1280]) {
  const page = await browser.newPage({ viewport: { width, height: 900 } });
  await page.goto(`http://127.0.0.1:5000/rx/${code}`);
  await page.getByRole('heading', { name: 'Genuine: not yet dispensed' }).waitFor();
  await page.screenshot({ path: `/tmp/rx-genuine-${width}.png`, fullPage: true });
  await page.getByLabel('Patient’s initials').fill('asb');
  await page.getByLabel('Patient’s year of birth').fill('1991');
  await page.getByRole('button', { name: 'Show the medicines' }).click();
  await page.getByRole('alert').waitFor();
  await page.screenshot({ path: `/tmp/rx-mismatch-${width}.png`, fullPage: true });
  await page.getByLabel('Patient’s year of birth').fill('1990');
  await page.getByRole('button', { name: 'Show the medicines' }).click();
  await page.getByText('Paracetamol 1 g').waitFor();
  await page.screenshot({ path: `/tmp/rx-items-${width}.png`, fullPage: true });
  if (width === 1280) {
    await page.getByLabel('Your pharmacy’s name').fill('Osu Community Pharmacy');
    await page.getByRole('button', { name: 'Mark as dispensed' }).click();
    await page.getByRole('heading', { name: 'Already dispensed' }).waitFor();
    await page.screenshot({ path: `/tmp/rx-dispensed-${width}.png`, fullPage: true });
  }
  await page.close();
}
const p2 = await browser.newPage({ viewport: { width: 390, height: 900 } });
await p2.goto(`http://127.0.0.1:5000/rx/${code}`);
await p2.getByRole('heading', { name: 'Already dispensed' }).waitFor();
await p2.screenshot({ path: `/tmp/rx-dispensed-390.png`, fullPage: true });
await browser.close();
console.log('shots done');
process.exit(0);
