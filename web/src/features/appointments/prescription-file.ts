/**
 * Turns the chosen prescription into a data URL the API accepts. Phone photos are often
 * 3-8 MB: they are redrawn smaller as JPEG until they fit. PDFs cannot be shrunk here.
 * The server checks the bytes and the size again (415 / 413); this only spares a slow upload.
 */
import { MAX_PRESCRIPTION_BYTES, PRESCRIPTION_TYPES } from '@api/prescription';

export const ACCEPT_ATTRIBUTE = '.pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png';

export class PrescriptionFileError extends Error {}

/** Bytes held by a base64 data URL. */
export const dataUrlBytes = (dataUrl: string) => {
  const base64 = dataUrl.slice(dataUrl.indexOf(',') + 1);
  return Math.floor((base64.length * 3) / 4) - (base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0);
};

const readAsDataUrl = (file: Blob) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(new PrescriptionFileError('We could not read that file. Please choose it again.'));
    reader.readAsDataURL(file);
  });

/** Draws the photo at most `maxSide` pixels wide or high, as JPEG. */
async function redraw(file: File, maxSide: number, quality: number): Promise<string> {
  const bitmap = await createImageBitmap(file);
  const scale = Math.min(1, maxSide / Math.max(bitmap.width, bitmap.height));
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(bitmap.width * scale);
  canvas.height = Math.round(bitmap.height * scale);
  const context = canvas.getContext('2d');
  if (!context) throw new PrescriptionFileError('We could not prepare that photo. Please try a PDF or another photo.');
  context.fillStyle = '#fff'; // transparent PNG areas would turn black in JPEG
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  bitmap.close();
  return canvas.toDataURL('image/jpeg', quality);
}

/** The file as a data URL that fits the API's limit, or a PrescriptionFileError saying what to do. */
export async function prescriptionDataUrl(file: File): Promise<string> {
  if (!(PRESCRIPTION_TYPES as readonly string[]).includes(file.type))
    throw new PrescriptionFileError('Please choose a PDF, JPEG or PNG file.');
  if (file.size <= MAX_PRESCRIPTION_BYTES) return readAsDataUrl(file);
  if (file.type === 'application/pdf') {
    throw new PrescriptionFileError(
      `This PDF is larger than ${MAX_PRESCRIPTION_BYTES / 1024} KB. Please take a photo of the prescription instead.`,
    );
  }
  for (const [side, quality] of [
    [1600, 0.82],
    [1280, 0.7],
    [1024, 0.6],
  ] as const) {
    const dataUrl = await redraw(file, side, quality);
    if (dataUrlBytes(dataUrl) <= MAX_PRESCRIPTION_BYTES) return dataUrl;
  }
  throw new PrescriptionFileError('This photo is too large even when reduced. Please take a closer, simpler photo.');
}
