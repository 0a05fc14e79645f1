import { isUnfinishedAccount } from '@api/account-access';
import { EnvelopeError, type Envelope } from '@api/envelope';
import { GENERIC_ERROR } from '@api/messages';
import { appCheckHeaders } from '@/lib/app-check';
import { env } from '@/lib/env';

/** A failed call: the status, the sentence the server wrote for a person, and the answer's data (e.g. a 409's list of what it concerns). */
export class ApiError extends EnvelopeError {
  override name = 'ApiError';
}

/** The server's sentence for a failed call, or `fallback` when there is none (no answer, a broken one). */
export const apiMessage = (err: unknown, fallback: string) => (err instanceof ApiError ? err.message : fallback);

export const NETWORK_ERROR = 'We could not reach the server. Check your connection and try again.';

type Query = Record<string, string | number | boolean | undefined>;

export interface RequestOptions {
  body?: unknown;
  query?: Query;
  /** Send the signed-in patient's ID token (loads Firebase Auth on first use). */
  auth?: boolean;
  signal?: AbortSignal;
}

function urlFor(path: string, query?: Query): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) if (value !== undefined) params.set(key, String(value));
  const qs = params.toString();
  return `${env.apiBase}${path}${qs ? `?${qs}` : ''}`;
}

async function authHeader(): Promise<Record<string, string>> {
  const { currentIdToken } = await import('@/lib/firebase');
  const token = await currentIdToken();
  return token ? { Authorization: `Bearer ${token}` } : {};
}

/** The API refused an unregistered or unverified account: the account check page is where to finish. */
function sendToAccountCheck() {
  if (typeof window === 'undefined' || window.location.pathname === '/auth') return;
  const here = window.location.pathname + window.location.search;
  window.location.assign(`/auth?returnUrl=${encodeURIComponent(here)}`);
}

/** Calls the API and returns `data`, or throws ApiError with the server's msg. */
export async function request<T>(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  options: RequestOptions = {},
): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  if (options.auth) Object.assign(headers, await authHeader());
  if (method !== 'GET') Object.assign(headers, await appCheckHeaders());
  let response: Response;
  try {
    response = await fetch(urlFor(path, options.query), {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    throw new ApiError(0, NETWORK_ERROR);
  }
  const envelope = (await response.json().catch(() => undefined)) as Envelope<T> | undefined;
  if (!envelope || typeof envelope.statusCode !== 'number') {
    throw new ApiError(response.status, GENERIC_ERROR);
  }
  if (!response.ok || envelope.statusCode >= 300) {
    if (isUnfinishedAccount(envelope.statusCode, envelope.msg)) sendToAccountCheck();
    throw new ApiError(envelope.statusCode, envelope.msg, envelope.data);
  }
  return envelope.data;
}

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'body'>) => request<T>('GET', path, options),
  post: <T>(path: string, body: unknown, options?: RequestOptions) => request<T>('POST', path, { ...options, body }),
  put: <T>(path: string, body: unknown, options?: RequestOptions) => request<T>('PUT', path, { ...options, body }),
  delete: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('DELETE', path, { ...options, body }),
};
