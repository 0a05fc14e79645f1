import express from 'express';
import request from 'supertest';
import { errorHandler } from '../error-handler';
import { conflict } from '../errors';

function appThatThrows(err: unknown) {
  const app = express();
  app.get('/boom', () => {
    throw err;
  });
  app.use(errorHandler);
  return app;
}

describe('errorHandler', () => {
  beforeEach(() => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  });
  afterEach(() => jest.restoreAllMocks());

  it('when a route throws an unexpected error, then the answer is a 500 envelope without its text or stack', async () => {
    const res = await request(appThatThrows(new Error('secret internal detail at db.ts:42'))).get('/boom');
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ statusCode: 500, msg: 'Something went wrong, please try again', data: null });
    expect(JSON.stringify(res.body)).not.toContain('secret');
  });

  it('when a route throws an HttpError, then its status and message are sent', async () => {
    const res = await request(appThatThrows(conflict('That slot is already taken.'))).get('/boom');
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ statusCode: 409, msg: 'That slot is already taken.', data: null });
  });

  it('when the database is unreachable (gRPC UNAVAILABLE), then it answers 503', async () => {
    const res = await request(appThatThrows(Object.assign(new Error('14 UNAVAILABLE'), { code: 14 }))).get('/boom');
    expect(res.status).toBe(503);
    expect(res.body.msg).toMatch(/briefly unavailable/);
  });

  it('when Firestore could not be reached at all (no connection), then it answers 503; any other FAILED_PRECONDITION stays a 500', async () => {
    const unreachable = Object.assign(new Error('9 FAILED_PRECONDITION: Firestore is unreachable: No connection established'), {
      code: 9,
    });
    expect((await request(appThatThrows(unreachable)).get('/boom')).status).toBe(503);
    const missingIndex = Object.assign(new Error('9 FAILED_PRECONDITION: The query requires an index'), { code: 9 });
    expect((await request(appThatThrows(missingIndex)).get('/boom')).status).toBe(500);
  });

  it('when a contended transaction gave up (gRPC 10 ABORTED), then it answers 503 "busy", never a 500', async () => {
    const aborted = Object.assign(new Error('10 ABORTED: Transaction lock timeout'), { code: 10 });
    const res = await request(appThatThrows(aborted)).get('/boom');
    expect(res.status).toBe(503);
    expect(res.body).toEqual({ statusCode: 503, msg: 'The service is busy. Please try again.', data: null });
  });
});
