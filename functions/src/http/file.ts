import type { Response } from 'express';
import { PATIENT_CACHE_CONTROL } from './auth';

/** A stored file as the API hands it out (a prescription). */
export interface FileAnswer {
  /** Already safe for a header: api/prescription.ts prescriptionFileName. */
  fileName: string;
  contentType: string;
  bytes: Buffer;
}

/**
 * Sends a stored file as itself, not inside the JSON envelope: its own Content-Type, kept by
 * no cache (it is one person's health record), never sniffed as something else, and saved
 * rather than shown if someone navigates to the address. The site fetches it with the ID
 * token and opens it as a blob (web/src/lib/open-file.ts). Failures still answer the envelope.
 */
export function sendFile(res: Response, file: FileAnswer): void {
  res.set({
    'Content-Type': file.contentType,
    'Cache-Control': PATIENT_CACHE_CONTROL,
    'X-Content-Type-Options': 'nosniff',
    'Content-Disposition': `attachment; filename="${file.fileName}"`,
  });
  res.status(200).send(file.bytes);
}
