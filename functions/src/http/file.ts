import type { Response } from 'express';
import { PATIENT_CACHE_CONTROL } from './auth';

/** A stored file as the API hands it out (a prescription upload, a result, a prescription's PDF). */
export interface FileAnswer {
  name: string;
  contentType: string;
  bytes: Buffer;
}

const EXTENSIONS: Record<string, string> = { 'application/pdf': '.pdf', 'image/jpeg': '.jpg', 'image/png': '.png' };

/** A file name safe in a header: plain ASCII, with its type's extension. */
function headerName(name: string, contentType: string): string {
  const ext = EXTENSIONS[contentType] ?? '';
  const base = name.replace(/[^A-Za-z0-9 ._()-]/g, '_').slice(0, 120) || 'file';
  return base.toLowerCase().endsWith(ext) ? base : `${base}${ext}`;
}

/**
 * The one kind of answer that is no envelope: a patient's file with its own Content-Type,
 * kept by no cache (it is one person's health record), never sniffed as something else, and
 * saved rather than shown if someone navigates to the address. The site fetches it with the
 * ID token and opens or saves it as a blob (web/src/lib/files.ts). Failures still answer the
 * envelope.
 */
export function sendFile(res: Response, file: FileAnswer): void {
  res.set({
    'Content-Type': file.contentType,
    'Cache-Control': PATIENT_CACHE_CONTROL,
    'X-Content-Type-Options': 'nosniff',
    'Content-Disposition': `attachment; filename="${headerName(file.name, file.contentType)}"`,
  });
  res.status(200).send(file.bytes);
}
