import { Pencil, Trash2 } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { closureSchema, type Closure } from '@api/front-desk';
import { useClosures, useRemoveClosure, useSaveClosure } from '@/features/day/api/closures-api';
import { affectedOf, useConfirmAffected } from '@/features/day/components/affected-dialog';
import { QueryList, StaffPage } from '@/features/staff/components/list-parts';
import { addDays, isDay, longDay, todayInGhana } from '@/features/staff/days';
import { apiMessage } from '@/lib/api-client';
import { confirm, showApiError } from '@/lib/dialogs';
import { FormEnd, errorAttributes } from '@/features/staff/components/form-error';
import { StaffTable } from '@/features/staff/components/staff-table';

/** How far ahead the list looks: a year, as the holidays are preloaded. */
const YEAR_DAYS = 365;

/** Said when a save fails without the server's sentence (no answer). */
const NOT_SAVED = 'The closure could not be saved. Please try again.';

/** Add a closed day, or change the reason of one (the day of an existing one stays). */
function ClosureForm({ editing, onDone }: { editing?: Closure; onDone: () => void }) {
  const save = useSaveClosure();
  const confirmAffected = useConfirmAffected();
  const ids = { day: useId(), reason: useId(), error: useId(), title: useId() };
  const [day, setDay] = useState(editing?.day ?? '');
  const [reason, setReason] = useState(editing?.reason ?? '');
  const [error, setError] = useState('');
  const [saved, setSaved] = useState('');

  async function submit(e: FormEvent) {
    e.preventDefault();
    setError('');
    setSaved('');
    if (!isDay(day)) return setError('Day: choose the day the clinic is closed.');
    try {
      await closureSchema.validate({ reason });
    } catch (err) {
      return setError((err as Error).message);
    }
    const put = (confirm: boolean) => save.mutateAsync({ day, reason: reason.trim(), confirm });
    try {
      await put(false);
    } catch (err) {
      const affected = affectedOf(err);
      if (!affected) return setError(apiMessage(err, NOT_SAVED));
      if (!(await confirmAffected.ask(`Closing on ${longDay(day)}`, affected))) return;
      try {
        await put(true);
      } catch (again) {
        return setError(apiMessage(again, NOT_SAVED));
      }
    }
    setSaved(`Closed on ${longDay(day)}: ${reason.trim()}.`);
    setDay('');
    setReason('');
    onDone();
  }

  return (
    <section className="staff-card" aria-labelledby={ids.title}>
      <h2 id={ids.title}>{editing ? `Edit ${longDay(editing.day)}` : 'Close the clinic on a day'}</h2>
      <p className="staff-muted">
        A closed day offers no free times or places to anyone. Appointments already booked on it are listed before saving.
      </p>
      <form className="staff-form-grid" noValidate onSubmit={(e) => void submit(e)}>
        <div className="field">
          <label htmlFor={ids.day}>Day</label>
          <input
            id={ids.day}
            type="date"
            required
            min={todayInGhana()}
            value={day}
            readOnly={Boolean(editing)}
            onChange={(e) => setDay(e.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor={ids.reason}>Reason</label>
          <input
            id={ids.reason}
            required
            maxLength={120}
            value={reason}
            placeholder="e.g. Staff training day"
            // Edit was pressed on a row: the person goes on typing here.
            autoFocus={Boolean(editing)}
            {...errorAttributes(ids.error, error)}
            onChange={(e) => setReason(e.target.value)}
          />
        </div>
        <FormEnd errorId={ids.error} error={error} busy={save.isPending} submit={editing ? 'Save' : 'Close this day'}>
          {editing && (
            <button type="button" className="btn btn-outline" onClick={onDone}>
              Cancel
            </button>
          )}
          <p role="status" className="staff-saved">
            {saved}
          </p>
        </FormEnd>
      </form>
      {confirmAffected.element}
    </section>
  );
}

/** Closures (admin): the days the clinic is closed, public holidays preloaded; added, edited, removed. */
export default function ClosuresPage() {
  const from = todayInGhana();
  const to = addDays(from, YEAR_DAYS);
  const closures = useClosures(from, to);
  const remove = useRemoveClosure();
  const [editing, setEditing] = useState<Closure>();
  const items = closures.data ?? [];

  async function removeOne(c: Closure) {
    if (
      !(await confirm(
        'Open the clinic that day?',
        'Yes, remove closure',
        `${longDay(c.day)}: ${c.reason}. Free times and places come back.`,
      ))
    )
      return;
    await remove.mutateAsync(c.day).catch((err: unknown) => showApiError(err));
  }

  return (
    <StaffPage title="Closures">
      <ClosureForm key={editing?.day ?? 'new'} editing={editing} onDone={() => setEditing(undefined)} />
      <section className="staff-section" aria-labelledby="closed-days-title">
        <h2 id="closed-days-title">Closed days in the next 12 months</h2>
        <QueryList query={closures} empty="No closed days ahead." isEmpty={items.length === 0}>
          <StaffTable className="staff-table stack" columns={['Day', 'Reason', 'Set by']} actions>
            {items.map((c) => (
              <tr key={c.day}>
                <td data-label="Day">{longDay(c.day)}</td>
                <td data-label="Reason">{c.reason}</td>
                <td data-label="Set by">{c.source === 'holiday' ? 'Public holiday' : 'Clinic'}</td>
                <td data-label="Actions" className="staff-actions-cell">
                  <span className="staff-row-actions">
                    <button type="button" className="btn btn-outline" onClick={() => setEditing(c)}>
                      <Pencil aria-hidden="true" size={16} /> Edit<span className="visually-hidden"> {longDay(c.day)}</span>
                    </button>
                    <button
                      type="button"
                      className="btn btn-outline"
                      disabled={remove.isPending}
                      onClick={() => void removeOne(c)}
                    >
                      <Trash2 aria-hidden="true" size={16} /> Remove
                      <span className="visually-hidden"> {longDay(c.day)}</span>
                    </button>
                  </span>
                </td>
              </tr>
            ))}
          </StaffTable>
        </QueryList>
      </section>
    </StaffPage>
  );
}
