import type { Response } from 'express';
import { PATIENT_CACHE_CONTROL } from './auth';

const EXTENSIONS: Record<string, string> = { 'application/pdf': '.pdf', 'image/jpeg': '.jpg', 'image/png': '.png' };

/** A file name safe in a header: plain ASCII, with its type's extension. */
function headerName(name: string, contentType: string): string {
  const ext = EXTENSIONS[contentType] ?? '';
  const base = name.replace(/[^A-Za-z0-9 ._()-]/g, '_').slice(0, 120) || 'file';
  return base.toLowerCase().endsWith(ext) ? base : `${base}${ext}`;
}

/**
 * The one kind of answer that is no envelope: a patient's file (a result, a prescription's
 * PDF) with its own type. Never cached anywhere (`private, no-store`); never sniffed as
 * anything else (the app's nosniff); shown in the browser rather than run.
 */
export function sendFile(res: Response, file: { name: string; contentType: string; bytes: Buffer }): void {
  const name = headerName(file.name, file.contentType);
  res.set('Content-Type', file.contentType);
  res.set('Cache-Control', PATIENT_CACHE_CONTROL);
  res.set('Content-Disposition', `inline; filename="${name}"; filename*=UTF-8''${encodeURIComponent(name)}`);
  res.status(200).send(file.bytes);
}
