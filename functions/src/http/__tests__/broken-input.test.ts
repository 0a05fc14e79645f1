import request from 'supertest';
import { createApp } from '../../app';
import { COLLECTIONS } from '../../store/collections';
import { db } from '../../store/firebase';
import { createTestUser, type TestUser } from '../../test-support/auth';
import '../../test-support/payments';
import { forwardedFor } from '../../test-support/client';

/**
 * Every endpoint of the API, found in the app itself (so a new one is covered without
 * editing this file), fed broken input: wrong types, objects and arrays for text, huge
 * numbers, no body, bad JSON, odd path parameters. Each answer must be the envelope with a
 * readable msg: a 4xx, never a stack trace, a file path or an internal error text.
 */
const app = createApp();

interface Endpoint {
  method: 'get' | 'post' | 'put' | 'delete';
  path: string;
}

type Layer = { name: string; handle: { stack?: Layer[] }; route?: { path: string; methods: Record<string, boolean> } };

function endpointsOf(expressApp: unknown): Endpoint[] {
  const root = (expressApp as { router: { stack: Layer[] } }).router.stack;
  const api = root.find((l) => l.name === 'router')?.handle.stack ?? [];
  return api.flatMap((area) =>
    (area.handle.stack ?? []).flatMap((l) =>
      l.route ? Object.keys(l.route.methods).map((m) => ({ method: m as Endpoint['method'], path: l.route!.path })) : [],
    ),
  );
}

const ENDPOINTS = endpointsOf(app);

/** A supertest request of the endpoint's method. */
const call = (method: Endpoint['method'], path: string) => request(app)[method](path);

/** Field names across the API's schemas: each broken body sets all of them to one bad value. */
const FIELDS = [
  'patientId', 'email', 'packageId', 'clientReference', 'items', 'appointmentId', 'uniqueCode', 'firstName', 'lastName',
  'emailAddress', 'contactNumber', 'patientLocation', 'gender', 'consentForTreatment', 'fullName', 'telephone', 'message',
  'organiztionName', 'organiztionLocation', 'organiztionType', 'nameOfPerson', 'organiztionEmail', 'organiztionContact',
  'bookFor', 'location', 'healthProblem', 'requestedServiceId', 'requestedServiceOption', 'requestedDay', 'requestedTime',
  'doctorId', 'selectedLabs', 'appointmentFile', 'expectedPeople', 'organiztionService', 'organiztionType',
]; // prettier-ignore

const everyField = (value: unknown) => Object.fromEntries(FIELDS.map((f) => [f, value]));

/** [name, raw JSON text or undefined for no body]. */
const BODIES: [string, string | undefined][] = [
  ['no body', undefined],
  ['bad JSON', '{"email": "ama@example.com",'],
  ['a JSON array', '[1, 2, 3]'],
  ['a JSON string', '"hello"'],
  ['JSON null', 'null'],
  ['objects for every field', JSON.stringify(everyField({ $gt: '' }))],
  ['arrays for every field', JSON.stringify(everyField([['x'], { y: 1 }]))],
  ['huge numbers for every field', JSON.stringify(everyField(1e308))],
  ['unsafe integers for every field', '{' + FIELDS.map((f) => `"${f}": 123456789012345678901234567890`).join(',') + '}'],
  ['negative numbers for every field', JSON.stringify(everyField(-1))],
  ['booleans for every field', JSON.stringify(everyField(true))],
  ['null for every field', JSON.stringify(everyField(null))],
  ['deep nesting', JSON.stringify(everyField(JSON.parse('['.repeat(200) + ']'.repeat(200))))],
  ['prototype keys', '{"__proto__": {"isAdmin": true}, "constructor": {"prototype": {"x": 1}}, "items": {"__proto__": []}}'],
];

/** Values put into path parameters and query strings. */
const PARAMS: [string, string][] = [
  ['1600 characters long', 'x'.repeat(1600)],
  ['a NUL byte', '%00'],
  ['a path climb', '..%2F..%2Fpatients'],
  ['an emoji', '%F0%9F%92%A9'],
  ['a space', '%20'],
  ['broken percent-encoding', '%E0%A4%A'],
  ['an id with a slash', 'a%2Fb'],
  ['an id that is a sub-path', 'x%2Fy%2Fz'],
];

const QUERIES = [
  'patientId[]=a&patientId[]=b',
  'patientId[$ne]=x',
  'specialty[$gt]=',
  'token[]=1&token[]=2',
  'appointmentId=%00',
];

/** What must never reach a caller: stack frames, file paths, internal error names and codes. */
const LEAK =
  /\n\s+at |\bat [\w.<>[\]]+ \(|[\w-]+\.(ts|js):\d+|node_modules|\/work\/|\/srv\/|Error:|TypeError|ReferenceError|SyntaxError|RangeError|ECONN|FAILED_PRECONDITION|INVALID_ARGUMENT|\bundefined\b|\[object Object\]/;

let patient: TestUser;
let outsider: TestUser;
/** Each request from a visitor of its own, so the public-write throttle never answers 429 here. */
const ip = () => forwardedFor();

beforeAll(async () => {
  [patient, outsider] = await Promise.all([createTestUser(), createTestUser()]);
});

const withParams = (path: string, value: string) => path.replace(/:\w+/g, value);
// GET /subscriptions/news/unsubscribe takes input but only ever redirects to the Unsubscribe page.
const hasInput = (e: Endpoint) => e.method !== 'get' || e.path.includes(':');

/**
 * Sends every request of a case at once (each is independent: its own visitor address, and a
 * case's patient budgets count the same calls in any order), then checks each answer in order.
 */
async function answersTo(requests: [label: string, send: () => request.Test][]): Promise<[request.Response, string][]> {
  return Promise.all(requests.map(async ([label, send]) => [await send(), label] as [request.Response, string]));
}

function expectCleanAnswer(res: request.Response, label: string, mustBe4xx: boolean) {
  const where = `${label} -> ${res.status} ${JSON.stringify(res.body)}`;
  expect({ where, serverError: res.status >= 500 }).toEqual({ where, serverError: false });
  if (mustBe4xx) expect({ where, status: res.status >= 400 && res.status < 500 }).toEqual({ where, status: true });
  if (res.status >= 300 && res.status < 400) return; // a redirect (unsubscribe) carries no body
  expect({ where, envelope: res.body?.statusCode === res.status && typeof res.body?.msg === 'string' }).toEqual({
    where,
    envelope: true,
  });
  expect({ where, msg: res.body.msg.trim().length > 0 }).toEqual({ where, msg: true });
  expect({ where, leak: LEAK.exec(res.text)?.[0] ?? null }).toEqual({ where, leak: null });
}

describe('broken input on every endpoint', () => {
  it('when the app is searched for endpoints, then all of them are found', () => {
    expect(ENDPOINTS.length).toBeGreaterThanOrEqual(30);
    expect(ENDPOINTS).toEqual(
      expect.arrayContaining([
        { method: 'post', path: '/appointments' },
        { method: 'get', path: '/packages' },
      ]),
    );
  });

  const bodyEndpoints = () => ENDPOINTS.filter((e) => e.method !== 'get');

  it.each(BODIES)('when the body is %s, then every endpoint that takes a body answers a clean 4xx', async (name, raw) => {
    // A patient of this case alone, so the per-patient write budgets never answer in place of validation.
    const caller = await createTestUser();
    const answers = await answersTo(
      bodyEndpoints().flatMap((endpoint) =>
        [caller, undefined].map((user): [string, () => request.Test] => {
          const path = `/api${withParams(endpoint.path, 'not-a-real-id')}`;
          return [
            `${endpoint.method.toUpperCase()} ${path} with ${name}${user ? '' : ' (no token)'}`,
            () => {
              let req = call(endpoint.method, path).set('X-Forwarded-For', ip());
              if (user) req = req.set('Authorization', `Bearer ${user.idToken}`);
              if (raw !== undefined) req = req.set('Content-Type', 'application/json').send(raw);
              return req;
            },
          ];
        }),
      ),
    );
    for (const [res, label] of answers) expectCleanAnswer(res, label, true);
  });

  it.each(PARAMS)('when a path parameter is %s, then every endpoint with one answers a clean 4xx', async (_name, value) => {
    const answers = await answersTo(
      ENDPOINTS.filter((e) => e.path.includes(':')).map((endpoint) => {
        const path = `/api${withParams(endpoint.path, value)}`;
        return [
          `${endpoint.method.toUpperCase()} ${path}`,
          () => call(endpoint.method, path).set('Authorization', `Bearer ${patient.idToken}`).send({}),
        ];
      }),
    );
    for (const [res, label] of answers) expectCleanAnswer(res, label, true);
  });

  it.each(QUERIES)('when the query is %s, then every endpoint answers without a server error or a leak', async (query) => {
    const answers = await answersTo(
      ENDPOINTS.map((endpoint) => {
        const path = `/api${withParams(endpoint.path, patient.uid)}?${query}`;
        return [
          `${endpoint.method.toUpperCase()} ${path}`,
          () => call(endpoint.method, path).set('Authorization', `Bearer ${patient.idToken}`).set('X-Forwarded-For', ip()),
        ];
      }),
    );
    for (const [res, label] of answers) expectCleanAnswer(res, label, false);
  });

  it.each([
    ['a made-up token', 'Bearer not-a-token'],
    ['a 5000-character token', 'Bearer ' + 'x'.repeat(5000)],
    ['Basic credentials', 'Basic YWRtaW46YWRtaW4='],
    ['Bearer without a token', 'Bearer'],
  ])(
    'when the Authorization header is %s, then every endpoint that needs a patient answers a clean 4xx',
    async (_name, header) => {
      const answers = await answersTo(
        ENDPOINTS.filter(hasInput).map((endpoint) => {
          const path = `/api${withParams(endpoint.path, outsider.uid)}`;
          return [
            `${endpoint.method.toUpperCase()} ${path} with ${header.slice(0, 20)}`,
            () => call(endpoint.method, path).set('Authorization', header).set('X-Forwarded-For', ip()).send({}),
          ];
        }),
      );
      for (const [res, label] of answers) expectCleanAnswer(res, label, true);
    },
  );

  it.each([
    ['GET', '/api/appointments/a%2Fb'],
    ['GET', '/api/appointments/a%2Fb/file'],
    ['DELETE', '/api/appointments/a%2Fb'],
    ['GET', `/api/appointments/${'x'.repeat(129)}`],
  ])('when %s %s names an appointment by a path-like or endless id, then 400 says so in words', async (method, path) => {
    const res = await call(method.toLowerCase() as Endpoint['method'], path).set('Authorization', `Bearer ${patient.idToken}`);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      statusCode: 400,
      msg: expect.stringMatching(/^The appointment id in the address must be an id of letters/),
      data: null,
    });
  });

  it.each(['/api/patient/a%2Fb', '/api/patient/a%2Fb/export', '/api/subscriptions/a%2Fb'])(
    'when %s names a patient by a path-like id, then 400 names the patient id in words',
    async (path) => {
      const res = await call('get', path).set('Authorization', `Bearer ${patient.idToken}`);
      expect(res.status).toBe(400);
      expect(res.body.msg).toMatch(/^The patient id in the address must be an id of letters/);
    },
  );

  it.each([
    ['/api/subscriptions', 'post', { packageId: 'a/b' }, /Package must be an id/],
    ['/api/subscriptions', 'post', { packageId: 'individual', patientId: 'a/b' }, /Patient must be an id/],
    ['/api/orders', 'post', { items: [{ productId: 'x/y', quantity: 1 }] }, /Product must be an id/],
    ['/api/appointments/cancel', 'post', { appointmentId: 'a/b' }, /Appointment must be an id/],
    ['/api/payment/initiate', 'post', { clientReference: 'abcde/ghij' }, /Payment reference must be 10 letters or digits/],
    ['/api/payment/check', 'post', { clientReference: 'abcde/ghij' }, /Payment reference must be 10 letters or digits/],
    ['/api/subscriptions', 'put', { clientReference: 'abcde/ghij' }, /Payment reference must be 10 letters or digits/],
    ['/api/patient', 'put', { patientId: 'a/b' }, /Patient must be an id/],
    ['/api/auth/verifypatient', 'post', { patientId: 'a/b', uniqueCode: 'MK1234' }, /Patient must be an id/],
  ] as const)('when %s (%s) gets an id with a slash, then 400 names the field', async (path, method, body, msg) => {
    const caller = await createTestUser();
    const res = await call(method, path).set('Authorization', `Bearer ${caller.idToken}`).send(body);
    expect(res.status).toBe(400);
    expect(res.body.msg).toMatch(msg);
  });

  it.each([
    ['selectedLabs', { requestedServiceId: 6, selectedLabs: ['fbc', 'x/y'] }, /Lab tests must be an id/],
    ['doctorId', { requestedServiceId: 1, doctorId: 'dr/x', requestedTime: '10:00' }, /Doctor must be an id/],
  ])('when a booking names a %s with a slash, then 400 names it and nothing is stored', async (_field, extra, msg) => {
    const caller = await createTestUser();
    const res = await call('post', '/api/appointments')
      .set('Authorization', `Bearer ${caller.idToken}`)
      .send({
        firstName: 'Yaw',
        lastName: 'Boateng',
        gender: 'MALE',
        emailAddress: caller.email,
        contactNumber: '024 123 4567',
        location: 'Tamale',
        requestedDay: new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10),
        ...extra,
      });
    expect(res.status).toBe(400);
    expect(res.body.msg).toMatch(msg);
    const stored = await db().collection(COLLECTIONS.appointments).where('patientId', '==', caller.uid).get();
    expect(stored.size).toBe(0);
  });
});
