import { ArrowLeft, Download, Printer } from 'lucide-react';
import { useEffect, useId } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { atHome } from '@api/service-catalog';
import { DoctorOptions, doctorName } from '@/features/staff/components/doctor-options';
import { usePageTitle } from '@/components/page-title';
import { downloadDaySheet, type SheetOf } from '@/features/desk/api/appointments-api';
import { itemsOf } from '@/features/staff/api/console-query';
import { useAppointmentList } from '@/features/desk/api/appointments-api';
import { useDoctorList } from '@/features/staff/api/doctors-api';
import type { StaffAppointment } from '@/features/staff/api/appointment-api';
import { DayNav } from '@/features/desk/components/day-nav';
import { ListState, PageHeader } from '@/features/staff/components/list-parts';
import { isDay, longDay, todayInGhana } from '@/features/staff/days';
import { stateName } from '@/features/staff/lifecycle';
import { addressText, windowText } from '@/features/staff/visits';
import { useBusy } from '@/lib/use-busy';
import { StaffTable } from '@/features/staff/components/staff-table';
import { formatPhone } from '@api/ghana-phone';

/** The states a sheet lists: what is still to happen or happened that day, not what was called off. */
const ON_THE_SHEET = ['Pending', 'Accepted', 'OnTheWay', 'CheckedIn', 'Completed', 'NoShow'];

const HOME = 'home';

/** The sheet's rows: the doctor's (the API's filter) or the home visits of the day, by time. */
function rowsOf(items: StaffAppointment[], homeVisits: boolean): StaffAppointment[] {
  return items
    .filter((a) => ON_THE_SHEET.includes(a.appointmentStatus))
    .filter((a) => !homeVisits || atHome(a.requestedServiceId, a.requestedServiceOption))
    .sort((a, b) =>
      (a.requestedTime ?? a.arrivalWindow?.from ?? '99').localeCompare(b.requestedTime ?? b.arrivalWindow?.from ?? '99'),
    );
}

/** Every page of the day's list, loaded one after another (a day fits in a few). */
function useWholeDay(day: string, doctorId: string | undefined, enabled: boolean) {
  const list = useAppointmentList({ day, doctorId, limit: 50 });
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = list;
  useEffect(() => {
    if (enabled && hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [enabled, hasNextPage, isFetchingNextPage, fetchNextPage]);
  return { ...list, complete: !list.isPending && !hasNextPage };
}

/**
 * The day sheet a receptionist prints or exports: one doctor's appointments, or the day's home
 * visits, with time, patient, phone, service, address and state. Printing leaves out the
 * console's menus and buttons (staff-tables.css @media print); the CSV comes from the API.
 */
export default function DaySheetPage() {
  const [params, setParams] = useSearchParams();
  const dayParam = params.get('day');
  const day = isDay(dayParam) ? dayParam : todayInGhana();
  const of = params.get('doctorId') || (params.get('homeVisits') === 'true' ? HOME : '');
  const doctors = useDoctorList(true);
  const doctor = doctors.data?.find((d) => d.doctorId === of);
  const homeVisits = of === HOME;
  const sheetOf: SheetOf | undefined = homeVisits ? { homeVisits: true } : of ? { doctorId: of } : undefined;
  const title = homeVisits ? 'Home visits' : doctor ? doctorName(doctor) : 'Day sheet';
  usePageTitle(`Day sheet: ${title}, ${day}`);
  const list = useWholeDay(day, homeVisits ? undefined : of || undefined, Boolean(sheetOf));
  const rows = rowsOf(itemsOf(list.data), homeVisits);
  const pickerId = useId();
  const [downloading, runDownload] = useBusy();
  const downloadCsv = async () => {
    if (sheetOf) await downloadDaySheet(day, sheetOf, `day-sheet-${day}-${homeVisits ? 'home-visits' : of}.csv`);
  };

  const set = (change: Record<string, string>) => {
    const next = { day, ...(homeVisits ? { homeVisits: 'true' } : of ? { doctorId: of } : {}), ...change };
    setParams(Object.fromEntries(Object.entries(next).filter(([, v]) => v)), { replace: true });
  };
  const choose = (value: string) => {
    const next: Record<string, string> = { day };
    if (value === HOME) next.homeVisits = 'true';
    else if (value) next.doctorId = value;
    setParams(next, { replace: true });
  };

  return (
    <div className="staff-page day-sheet">
      <Link to={`/staff/appointments?day=${day}`} className="staff-back no-print">
        <ArrowLeft aria-hidden="true" size={18} /> Back to appointments
      </Link>
      <PageHeader title={`Day sheet: ${title}`}>
        {sheetOf && (
          <>
            <button type="button" className="btn btn-primary" onClick={() => window.print()} disabled={!list.complete}>
              <Printer aria-hidden="true" size={18} /> Print
            </button>
            <button
              type="button"
              className="btn btn-outline"
              onClick={() => void runDownload(downloadCsv)}
              disabled={downloading}
            >
              <Download aria-hidden="true" size={18} /> Download CSV
            </button>
          </>
        )}
      </PageHeader>
      <div className="no-print day-sheet-tools">
        <div className="field staff-inline-field">
          <label htmlFor={pickerId}>Sheet for</label>
          <select id={pickerId} value={of} onChange={(e) => choose(e.target.value)}>
            <option value="">Choose a doctor or home visits</option>
            <option value={HOME}>Home visits</option>
            <DoctorOptions doctors={doctors.data} />
          </select>
        </div>
        <DayNav day={day} onChange={(next) => set({ day: next })} />
      </div>
      <p className="print-only">
        <strong>{longDay(day)}</strong>
      </p>
      {sheetOf ? (
        <ListState
          loading={!list.complete && !list.error}
          error={list.error}
          empty={`Nothing on ${longDay(day)}.`}
          isEmpty={rows.length === 0}
          onRetry={() => void list.refetch()}
        >
          <StaffTable
            caption={`${title}, ${longDay(day)}`}
            className="staff-table stack day-sheet-table"
            columns={['Time', 'Patient', 'Phone', 'Service', 'Address', 'State']}
          >
            {rows.map((a) => (
              <tr key={a.appointmentId}>
                <td data-label="Time">{a.requestedTime ?? windowText(a.arrivalWindow) ?? 'To agree'}</td>
                <td data-label="Patient">
                  {a.firstName} {a.lastName}
                </td>
                <td data-label="Phone">{formatPhone(a.contactNumber)}</td>
                <td data-label="Service">
                  {a.requestedService}
                  {homeVisits && a.assignedToName ? ` (${a.assignedToName})` : ''}
                </td>
                <td data-label="Address">
                  {addressText(a.address, a.location)}
                  {a.address?.digitalAddress ? ` · ${a.address.digitalAddress}` : ''}
                </td>
                <td data-label="State">{stateName(a.appointmentStatus)}</td>
              </tr>
            ))}
          </StaffTable>
        </ListState>
      ) : (
        <p className="staff-muted">Choose a doctor, or home visits, to see the day’s sheet.</p>
      )}
    </div>
  );
}
