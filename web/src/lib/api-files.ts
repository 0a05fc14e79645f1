import { GENERIC_ERROR } from '@api/messages';
import { ApiError, NETWORK_ERROR, type Envelope } from '@/lib/api-client';
import { env } from '@/lib/env';

/**
 * Files through the API, apart from the JSON client (lib/api-client.ts): a patient's result
 * or prescription PDF comes back as its own bytes (an envelope only when refused), and a
 * result is uploaded as its own bytes. Both carry the signed-in user's ID token.
 */

async function authHeader(): Promise<Record<string, string>> {
  const { currentIdToken } = await import('@/lib/firebase');
  const token = await currentIdToken();
  return token ? { Authorization: `Bearer ${token}` } : {};
}

/** The refusal's sentence from its envelope, as ApiError. */
async function refusal(response: Response, failure: string): Promise<ApiError> {
  const envelope = (await response.json().catch(() => undefined)) as Envelope<unknown> | undefined;
  return new ApiError(response.status, envelope?.msg ?? failure);
}

async function call(path: string, init: RequestInit = {}, failure = GENERIC_ERROR): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(`${env.apiBase}${path}`, { ...init, headers: { ...(init.headers ?? {}), ...(await authHeader()) } });
  } catch {
    throw new ApiError(0, NETWORK_ERROR);
  }
  if (!response.ok) throw await refusal(response, failure);
  return response;
}

/** GET a file the API serves: its bytes, with the type the server found in them; `failure` when a refusal says nothing. */
export const fetchApiFile = async (path: string, failure?: string): Promise<Blob> => (await call(path, {}, failure)).blob();

/** POST a file as its own bytes (its type is checked by the server from the bytes); answers the envelope's data. */
export async function uploadApiFile<T>(path: string, file: Blob, query: Record<string, string>): Promise<T> {
  const qs = new URLSearchParams(query).toString();
  const response = await call(`${path}?${qs}`, {
    method: 'POST',
    headers: { 'Content-Type': file.type || 'application/octet-stream', Accept: 'application/json' },
    body: file,
  });
  return ((await response.json()) as Envelope<T>).data;
}
