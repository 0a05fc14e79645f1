import { useId, useState, type FormEvent } from 'react';
import { capacitySchema } from '@api/scheduling';
import { useCapacities, useSaveCapacity, type ServiceCapacity } from '@/features/day/api/schedule-api';
import { QueryList, StaffPage } from '@/features/staff/components/list-parts';
import { errorAttributes } from '@/features/staff/components/form-error';
import scheduleCss from '../schedule.css?inline';

/** One service's places a day: checked with the server's schema, saved on its own. */
function CapacityForm({ capacity }: { capacity: ServiceCapacity }) {
  const ids = { input: useId(), error: useId(), heading: useId() };
  const [perDay, setPerDay] = useState(String(capacity.perDay));
  const [state, setState] = useState<{ error?: string; saved?: boolean }>({});
  const save = useSaveCapacity();

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setState({});
    try {
      const body = await capacitySchema.validate({ perDay: perDay === '' ? undefined : perDay });
      await save.mutateAsync({ serviceId: capacity.serviceId, perDay: body.perDay });
      setState({ saved: true });
    } catch (err) {
      setState({ error: err instanceof Error ? err.message : 'The number could not be saved.' });
    }
  }

  return (
    <li className="staff-card">
      <h2 id={ids.heading}>{capacity.service}</h2>
      <form className="capacity-form" aria-labelledby={ids.heading} noValidate onSubmit={(e) => void onSubmit(e)}>
        <div className={`field${state.error ? ' invalid' : ''}`}>
          <label htmlFor={ids.input}>
            Places a day<span className="visually-hidden"> for {capacity.service}</span>
          </label>
          <input
            id={ids.input}
            type="number"
            inputMode="numeric"
            min={0}
            step={1}
            value={perDay}
            onChange={(e) => setPerDay(e.target.value)}
            {...errorAttributes(ids.error, state.error ?? '')}
          />
        </div>
        <button type="submit" className="btn btn-primary" disabled={save.isPending}>
          Save<span className="visually-hidden"> {capacity.service}</span>
        </button>
        {state.error && (
          <p id={ids.error} className="field-error" role="alert">
            {state.error}
          </p>
        )}
        <p role="status">{state.saved ? 'Saved' : ''}</p>
      </form>
    </li>
  );
}

/** Capacity (admin): how many home or community visits each service takes a day; a full day is refused to patients. */
export default function CapacityPage() {
  const capacities = useCapacities();
  return (
    <StaffPage title="Capacity">
      <style>{scheduleCss}</style>
      <p className="staff-muted">Places a day for each home and community service. 0 closes the service for booking.</p>
      <QueryList query={capacities} empty="No home or community services." isEmpty={(capacities.data ?? []).length === 0}>
        <ul className="capacity-list">
          {capacities.data?.map((c) => (
            <CapacityForm key={c.serviceId} capacity={c} />
          ))}
        </ul>
      </QueryList>
    </StaffPage>
  );
}
