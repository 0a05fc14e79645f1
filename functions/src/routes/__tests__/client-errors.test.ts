/**
 * POST /api/client-errors: a browser error is logged with logger.error (what Cloud Logging's
 * error alert counts), validated like the other public writes, bounded and throttled, and
 * never keeps a query string (tokens, e-mail addresses).
 */
import { logger } from 'firebase-functions';
import request from 'supertest';
import { CLIENT_ERROR_LIMITS } from '../../api/client-errors';
import { createApp } from '../../app';
import { BUSY, rateLimitClock, TOO_MANY } from '../../http/rate-limit';
import { atStartOfWindow } from '../../test-support/clock';
import { forwardedFor, randomClientIp } from '../../test-support/client';
import { CLIENT_ERRORS_PER_MINUTE, clientErrorsBudget } from '../client-errors';

const app = createApp();
const report = (body: object, client = randomClientIp()) =>
  request(app).post('/api/client-errors').set('X-Forwarded-For', forwardedFor(client)).send(body);

const logged = () => jest.spyOn(logger, 'error').mockImplementation(() => undefined);

describe('POST /client-errors', () => {
  afterEach(() => jest.restoreAllMocks());

  it('when the site reports a render error, then 202 and logger.error has what broke and where', async () => {
    const log = logged();
    const res = await report({
      kind: 'render',
      message: "Cannot read properties of undefined (reading 'title')",
      stack: 'TypeError: x\n    at PackageCard (https://clinic.example/assets/packages-abc.js:1:200)',
      path: '/packages',
      release: 'abc123',
    });
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ statusCode: 202, msg: 'Thank you: the error was reported.', data: null });
    expect(log).toHaveBeenCalledWith(
      "Browser error (render) on /packages: Cannot read properties of undefined (reading 'title')",
      {
        clientError: {
          kind: 'render',
          message: "Cannot read properties of undefined (reading 'title')",
          stack: 'TypeError: x | at PackageCard (https://clinic.example/assets/packages-abc.js:1:200)',
          path: '/packages',
          release: 'abc123',
        },
      },
    );
  });

  it('when a report carries line breaks, control characters, phone numbers or e-mail addresses, then one line is logged, without them', async () => {
    const log = logged();
    await report({
      kind: 'error',
      message: 'Booking failed for ama.mensah@example.com\nERROR fake entry\u001b[31m call 024 412 3456 or +233241234567',
      stack: 'Error: x\r\n    at submit (https://clinic.example/assets/book-abc.js:12:3456)\n\u0000',
      path: '/book',
    }).expect(202);
    const [line, fields] = log.mock.calls[0] as [string, { clientError: Record<string, string> }];
    expect(line).toBe(
      'Browser error (error) on /book: Booking failed for [email] | ERROR fake entry[31m call [phone] or [phone]',
    );
    expect(fields.clientError.stack).toBe('Error: x | at submit (https://clinic.example/assets/book-abc.js:12:3456) |');
    expect(JSON.stringify(log.mock.calls)).not.toMatch(/\\n|\\r|\\u00|ama\.mensah|412 3456|241234567/);
  });

  it(`when reports from many clients together pass the budget (${clientErrorsBudget.perMinute} a minute), then the rest are 429 and not logged`, async () => {
    // A minute of this test alone: the budget counts every client.
    jest
      .spyOn(rateLimitClock, 'now')
      .mockReturnValue((Math.floor(Date.now() / 60_000) + 2e6 + Math.floor(Math.random() * 1e6)) * 60_000);
    jest.replaceProperty(clientErrorsBudget, 'perMinute', 3);
    const log = logged();
    const body = { kind: 'error', message: 'x', path: '/' };
    for (let i = 0; i < 3; i++) expect((await report(body)).status).toBe(202);
    const over = await report(body);
    expect(over.status).toBe(429);
    expect(over.body.msg).toBe(BUSY);
    expect(log).toHaveBeenCalledTimes(3);
  });

  it('when a path or stack carries a query string or fragment, then it is cut before logging', async () => {
    const log = logged();
    await report({
      kind: 'error',
      message: 'Failed to fetch https://clinic.example/api/x?email=ama@example.com',
      stack: 'at load (https://clinic.example/unsubscribe?token=secret-token:1:2)',
      path: '/unsubscribe?token=secret-token#top',
    }).expect(202);
    const text = JSON.stringify(log.mock.calls);
    expect(text).not.toMatch(/secret-token|ama@example\.com/);
    expect(log.mock.calls[0][1]).toMatchObject({ clientError: { path: '/unsubscribe' } });
  });

  it.each([
    [{ kind: 'render', path: '/' }, 'Message is required.'],
    [
      { kind: 'render', message: 'x'.repeat(CLIENT_ERROR_LIMITS.message + 1), path: '/' },
      'Message must be at most 500 characters.',
    ],
    [
      { kind: 'render', message: 'x', stack: 's'.repeat(CLIENT_ERROR_LIMITS.stack + 1), path: '/' },
      'Stack must be at most 4000 characters.',
    ],
    [{ kind: 'crash', message: 'x', path: '/' }, 'Kind must be one of render, error, unhandledrejection.'],
    [{ kind: 'error', message: 'x', path: 'https://elsewhere.example/' }, 'Path must start with /.'],
  ])('when the report is %j, then 400 names the field and nothing is logged', async (body, msg) => {
    const log = logged();
    const res = await report(body);
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe(msg);
    expect(log).not.toHaveBeenCalled();
  });

  it(`when one client reports more than ${CLIENT_ERRORS_PER_MINUTE} errors in a minute, then 429 and the rest are not logged`, async () => {
    atStartOfWindow(60_000); // the burst cannot straddle two minutes
    const log = logged();
    const client = randomClientIp();
    const statuses: number[] = [];
    for (let i = 0; i <= CLIENT_ERRORS_PER_MINUTE; i += 1)
      statuses.push((await report({ kind: 'error', message: `loop ${i}`, path: '/' }, client)).status);
    expect(statuses).toEqual([...Array<number>(CLIENT_ERRORS_PER_MINUTE).fill(202), 429]);
    expect(log).toHaveBeenCalledTimes(CLIENT_ERRORS_PER_MINUTE);
    // Its forms are counted apart: the same client can still write to the clinic.
    const feedback = await request(app)
      .post('/api/feedback')
      .set('X-Forwarded-For', forwardedFor(client))
      .send({ fullName: 'Ama Mensah', telephone: '024 123 4567', email: 'ama@example.com', message: 'Hello' });
    expect(feedback.status).toBe(201);
    expect(feedback.body.msg).not.toBe(TOO_MANY);
  });
});
