import type { Response } from 'express';
import type { Envelope } from '../api/envelope';

export function send<T>(res: Response, statusCode: number, msg: string, data: T): void {
  const body: Envelope<T> = { statusCode, msg, data };
  res.status(statusCode).json(body);
}

export const ok = <T>(res: Response, data: T, msg = 'Success'): void => send(res, 200, msg, data);
export const created = <T>(res: Response, data: T, msg = 'Created'): void => send(res, 201, msg, data);
