import { ApiError } from '@/lib/api-client';

/** A section whose data did not load: the reason and a way to try again. */
export function LoadError({ error, retry }: { error: unknown; retry: () => void }) {
  return (
    <div className="load-error" role="alert">
      <p>{error instanceof ApiError ? error.message : 'Something went wrong, please try again'}</p>
      <button type="button" className="btn btn-outline" onClick={retry}>
        Try again
      </button>
    </div>
  );
}
