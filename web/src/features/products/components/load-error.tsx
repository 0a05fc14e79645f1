import { GENERIC_ERROR } from '@api/messages';
import { apiMessage } from '@/lib/api-client';

/** A section whose data did not load: the reason and a way to try again. */
export function LoadError({ error, retry }: { error: unknown; retry: () => unknown }) {
  return (
    <div className="load-error" role="alert">
      <p>{apiMessage(error, GENERIC_ERROR)}</p>
      <button type="button" className="btn btn-outline" onClick={() => void retry()}>
        Try again
      </button>
    </div>
  );
}
