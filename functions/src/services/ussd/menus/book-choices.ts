// What Book offers, screen by screen (docs/ussd.md): the doctors, days and times of a phone
// consultation, the days of a home service, the doctor's lab requests and e-prescriptions, and
// a lab booking's price. book.ts acts on the choices.
import { todayInGhana } from '../../../api/booking-request';
import { SAMPLES_AT_HOME, SERVICE_ID } from '../../../api/service-catalog';
import { labsById } from '../../../store/catalog';
import { closuresBetween } from '../../../store/closures';
import { labRequestsOf } from '../../../store/lab-requests';
import { prescriptionsOf } from '../../../store/prescriptions';
import { doctorSlots, serviceDays } from '../../booking/scheduling';
import { priceWithBenefits } from '../../packages/benefits';
import { listDoctors } from '../../public/catalog';
import { MAX_CHOICES, MAX_DOCTORS, MAX_REQUESTS, MAX_TIMES, screens } from '../screens';
import {
  CATALOGUE_TTL_MS,
  DAYS_AHEAD,
  addDays,
  dayLabel,
  end,
  keptFor,
  menu,
  shortDate,
  type Caller,
  type Reply,
} from './common';

export interface DoctorChoice {
  id: string;
  name: string;
  fee: number;
}

const doctorsNow = keptFor(CATALOGUE_TTL_MS, () => listDoctors());

export async function showDoctors(hint?: string): Promise<Reply> {
  const doctors: DoctorChoice[] = (await doctorsNow()).slice(0, MAX_DOCTORS).map((d) => ({
    id: d.doctorId,
    name: `Dr ${d.surname}`,
    fee: Number(d.consultationFee),
  }));
  return menu(screens.chooseDoctor(doctors, hint), 'doctor', { doctors });
}

export async function showDays(caller: Caller, doctor: DoctorChoice, hint?: string): Promise<Reply> {
  const today = todayInGhana();
  const { days } = await doctorSlots(doctor.id, today, addDays(today, DAYS_AHEAD - 1));
  const open = days.filter((d) => d.times.length > 0).slice(0, MAX_CHOICES);
  if (!open.length) return end(screens.noDays(caller.shortcode));
  const offered = open.map((d) => d.day);
  return menu(screens.chooseDay(offered.map(dayLabel), hint), 'day', { doctor, days: offered });
}

export async function showTimes(caller: Caller, doctor: DoctorChoice, day: string, hint?: string): Promise<Reply> {
  const { days } = await doctorSlots(doctor.id, day, day);
  const times = (days[0]?.times ?? []).slice(0, MAX_TIMES);
  if (!times.length) return showDays(caller, doctor, 'That day has no free time now.');
  return menu(screens.chooseTime(dayLabel(day), times, hint), 'time', { doctor, day, times });
}

export async function showHomeDays(
  caller: Caller,
  serviceId: number,
  hint?: string,
  carried: Record<string, unknown> = {},
): Promise<Reply> {
  const today = todayInGhana();
  const days = await serviceDays(serviceId, today, addDays(today, DAYS_AHEAD - 1));
  const offered = days
    .filter((d) => d.left > 0 && d.day > today)
    .slice(0, MAX_CHOICES)
    .map((d) => d.day);
  if (!offered.length) return end(screens.noDays(caller.shortcode));
  return menu(screens.chooseDay(offered.map(dayLabel), hint), 'homeDay', { ...carried, serviceId, days: offered });
}

// --- what a doctor asked for: lab tests (at the clinic's lab or samples taken at home) and medicine delivery ---

export interface LabChoice {
  id: string;
  tests: string[];
  label: string;
}

/** The lab requests not booked yet, newest first, as the screen names them ('12 Nov: Full blood count, Malaria'). */
export async function showLabRequests(caller: Caller, hint?: string): Promise<Reply> {
  const open = (await labRequestsOf(caller.patientId!)).filter((r) => r.status === 'Requested').slice(0, MAX_REQUESTS);
  if (!open.length) return end(screens.noLabRequests(caller.shortcode));
  const requests: LabChoice[] = open.map((r) => ({
    id: r.labRequestId,
    tests: r.tests,
    label: `${shortDate(r.requestedAt)}: ${r.testNames.join(', ')}`,
  }));
  return menu(screens.chooseLabRequest(requests, hint), 'labRequest', { requests });
}

export const showLabWhere = (request: LabChoice, hint?: string): Reply => menu(screens.labWhere(hint), 'labWhere', { request });

/** The next days the clinic is open (no closure), from tomorrow: the clinic's lab takes samples by day. */
export async function showLabDays(caller: Caller, request: LabChoice, hint?: string): Promise<Reply> {
  const today = todayInGhana();
  const closed = await closuresBetween(addDays(today, 1), addDays(today, DAYS_AHEAD));
  const offered = Array.from({ length: DAYS_AHEAD }, (_, i) => addDays(today, i + 1))
    .filter((day) => !closed.has(day))
    .slice(0, MAX_CHOICES);
  if (!offered.length) return end(screens.noDays(caller.shortcode));
  return menu(screens.chooseDay(offered.map(dayLabel), hint), 'labDay', { request, days: offered });
}

/**
 * What the tests cost the caller: the catalogue's prices less a package's discount, by the
 * booking's own rule (priceWithBenefits); the booking charges the server's price at the time.
 */
export async function labPrice(caller: Caller, request: LabChoice, atHomeToo: boolean) {
  const { found } = await labsById(request.tests);
  const fullPrice = found.reduce((sum, l) => sum + Number(l.itemPrice), 0);
  const input = { requestedServiceId: SERVICE_ID.labTests, ...(atHomeToo ? { requestedServiceOption: SAMPLES_AT_HOME } : {}) };
  return priceWithBenefits(caller.patientId!, input, fullPrice);
}

export async function labConfirmText(caller: Caller, data: Record<string, unknown>, hint?: string) {
  const request = data.request as LabChoice;
  const price = await labPrice(caller, request, false);
  return screens.confirmLabs({ tests: request.label.replace(/^[^:]*: /, ''), day: dayLabel(String(data.day)), ...price }, hint);
}

export interface RxChoice {
  id: string;
  label: string;
}

/** The e-prescriptions that can still be ordered (issued, not carried by a delivery yet), newest first. */
export async function showPrescriptions(caller: Caller, hint?: string): Promise<Reply> {
  const open = (await prescriptionsOf(caller.patientId!))
    .filter((p) => p.status === 'Issued' && !p.deliveryAppointmentId)
    .slice(0, MAX_REQUESTS);
  if (!open.length) return end(screens.noPrescriptions(caller.shortcode));
  const prescriptions: RxChoice[] = open.map((p) => ({ id: p.prescriptionId, label: `${shortDate(p.issuedAt)} ${p.doctor}` }));
  return menu(screens.choosePrescription(prescriptions, hint), 'rxOrder', { prescriptions });
}
