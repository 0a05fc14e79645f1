import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useId } from 'react';
import { addDays, isDay, longDay, todayInGhana } from '@/features/staff/days';

/**
 * Which day (or week) a list shows: the previous and next one, any day from the browser's
 * own date picker, and back to today. `step` 7 moves by weeks.
 */
export function DayNav({
  day,
  onChange,
  step = 1,
  label = 'Day',
  said,
}: {
  day: string;
  onChange: (day: string) => void;
  step?: 1 | 7;
  label?: string;
  /** What is shown, in words (default: the day, and whether it is today). */
  said?: string;
}) {
  const inputId = useId();
  const today = todayInGhana();
  const unit = step === 7 ? 'week' : 'day';
  return (
    <div className="staff-day" role="group" aria-label={`${unit === 'week' ? 'Week' : 'Day'} shown`}>
      <button type="button" className="btn btn-outline" onClick={() => onChange(addDays(day, -step))}>
        <ChevronLeft aria-hidden="true" size={18} /> <span className="visually-hidden">Previous {unit}</span>
      </button>
      <div className="field staff-day-field">
        <label htmlFor={inputId}>{label}</label>
        <input
          id={inputId}
          type="date"
          value={day}
          required
          onChange={(e) => isDay(e.target.value) && onChange(e.target.value)}
        />
      </div>
      <button type="button" className="btn btn-outline" onClick={() => onChange(addDays(day, step))}>
        <span className="visually-hidden">Next {unit}</span> <ChevronRight aria-hidden="true" size={18} />
      </button>
      {day !== today && (
        <button type="button" className="btn btn-outline" onClick={() => onChange(today)}>
          Today
        </button>
      )}
      <p aria-live="polite" className="staff-day-said">
        <strong>{said ?? longDay(day)}</strong>
        {!said && day === today && ' (today)'}
      </p>
    </div>
  );
}
