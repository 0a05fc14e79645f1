import type { Router } from 'express';
import request from 'supertest';
import { createApp } from '../../app';
import { requireAuth } from '../../http/auth';
import { appointmentsRouter } from '../appointments';
import { catalogRouter } from '../catalog';
import { clientErrorsRouter } from '../client-errors';
import { dataProtectionRouter } from '../data-protection';
import { healthRouter } from '../health';
import { patientsRouter } from '../patients';
import { phoneVerificationRouter } from '../phone-verification';
import { paymentsRouter } from '../payments';
import { publicFormsRouter } from '../public-forms';
import { recordRouter } from '../record';
import { schedulingRouter } from '../scheduling';
import { subscriptionsRouter } from '../subscriptions';
import { visitsRouter } from '../visits';
import { createCallbackApp } from '../payment-callback';
import { createUssdApp } from '../ussd';
import { COLLECTIONS } from '../../store/collections';
import { db } from '../../store/firebase';
import '../../test-support/env';

/**
 * Every non-staff route, listed from the routers themselves (the staff routes have their own
 * matrix in staff-access.test.ts): a route is either on the public list below, or its first
 * handler is requireAuth and it answers 401 without a token. A route added without a guard
 * fails here instead of staying open.
 */
const PUBLIC = new Set([
  'GET /health',
  'GET /packages',
  'GET /doctors',
  'GET /labs/prices',
  'GET /products',
  'GET /products/categories',
  'GET /projects',
  'POST /subscriptions/news',
  'GET /subscriptions/news/unsubscribe',
  'POST /subscriptions/news/unsubscribe',
  'POST /feedback',
  'POST /enquiries',
  'GET /doctors/:doctorId/slots',
  'GET /services/:serviceId/days',
  'POST /client-errors',
  // A pharmacy checks a prescription's code (throttled; initials only: routes/record.ts).
  'GET /rx/:code',
  // Its medicines and the one-time dispense: the patient's initials and year of birth are the proof.
  'POST /rx/:code/items',
  'POST /rx/:code/dispense',
  // The page the provider returns the payer to: the outcome and its date only (throttled; routes/payments.ts).
  'GET /payment/return/:clientReference',
  // The post-deploy check of the client address rule: the caller's own address (ops/check-client-address.sh).
  'GET /health/client',
]);

const ROUTERS: Record<string, Router> = {
  appointmentsRouter,
  catalogRouter,
  clientErrorsRouter,
  dataProtectionRouter,
  healthRouter,
  patientsRouter,
  paymentsRouter,
  phoneVerificationRouter,
  publicFormsRouter,
  recordRouter,
  schedulingRouter,
  subscriptionsRouter,
  visitsRouter,
};

interface Layer {
  route?: { path: string; methods: Record<string, boolean>; stack: { handle: unknown }[] };
}

const ROUTES = Object.values(ROUTERS).flatMap((router) =>
  (router.stack as unknown as Layer[])
    .filter((l) => l.route)
    .flatMap(({ route }) =>
      Object.keys(route!.methods).map((method) => ({
        name: `${method.toUpperCase()} ${route!.path}`,
        method,
        path: route!.path,
        first: route!.stack[0]?.handle,
      })),
    ),
);

const app = createApp();

it('finds the routes (at least the public ones and the patient routes docs/api.md names)', () => {
  const names = ROUTES.map((r) => r.name);
  expect(names).toEqual(
    expect.arrayContaining([
      ...PUBLIC,
      'POST /appointments',
      'GET /patient/:patientId',
      'POST /payment/initiate',
      'POST /visits/:appointmentId/join',
      'GET /visits/:appointmentId',
      'GET /prescriptions/:patientId',
      'GET /prescriptions/:patientId/:prescriptionId/pdf',
      'POST /patient/:patientId/phone/verify',
      'POST /subscriptions/autorenew',
      'POST /appointments/:appointmentId/confirm',
      'GET /patient/:patientId/record-openings',
    ]),
  );
});

const guarded = ROUTES.filter((r) => !PUBLIC.has(r.name));

describe.each(guarded.map((r) => [r.name, r] as const))('%s', (_name, route) => {
  it('starts with requireAuth', () => {
    expect(route.first).toBe(requireAuth);
  });

  it('when no token is sent, then 401 with the envelope and no data', async () => {
    const path = `/api${route.path.replace(/:[A-Za-z]+/g, 'some-id')}`;
    const req = (request(app) as unknown as Record<string, (p: string) => request.Test>)[route.method](path);
    const res = await (route.method === 'get' || route.method === 'delete' ? req : req.send({}));
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ statusCode: 401, data: null });
  });
});

/**
 * The gateway routes (docs/security.md 'Trust on every channel'): the USSD service and its
 * fulfilment, the payment and mandate callbacks, each listed from its app. Without the
 * provider's credential every one answers 401 before reading or writing anything, and says
 * nothing of a screen or a payment.
 */
const GATEWAY_APPS = { ussd: createUssdApp(), paymentCallback: createCallbackApp() };

const gatewayRoutes = Object.entries(GATEWAY_APPS).flatMap(([appName, gateway]) =>
  ((gateway as unknown as { router: { stack: Layer[] } }).router.stack as Layer[])
    .filter((l) => l.route)
    .flatMap(({ route }) =>
      (Array.isArray(route!.path) ? (route!.path as string[]) : [route!.path]).map((path) => ({
        appName,
        name: `${appName} POST ${path}`,
        path,
      })),
    ),
);

it('finds the gateway routes (the USSD service, its fulfilment, the payment and mandate callbacks)', () => {
  expect(gatewayRoutes.map((r) => r.name)).toEqual(
    expect.arrayContaining([
      'ussd POST /ussd/:key',
      'ussd POST /ussd/:key/fulfilment',
      'paymentCallback POST /payment/callback/:reference/:token',
      'paymentCallback POST /payment/callback/preapproval/:reference/:token',
    ]),
  );
});

describe.each(gatewayRoutes.map((r) => [r.name, r] as const))('%s', (_name, route) => {
  it('when the credential is missing or wrong, then 401, no screen, and nothing is read or written', async () => {
    const sessionId = `forged-${Math.random().toString(36).slice(2)}`;
    const path = route.path.replace(':key', 'not-the-key').replace(':reference', 'AbCdE12345').replace(':token', 'forged');
    const res = await request(GATEWAY_APPS[route.appName as keyof typeof GATEWAY_APPS])
      .post(path)
      .send({
        Type: 'Initiation',
        Mobile: '233241234567',
        SessionId: sessionId,
        Sequence: 1,
        Data: { ClientReference: 'AbCdE12345' },
      });
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ statusCode: 401, data: null });
    expect(JSON.stringify(res.body)).not.toMatch(/ExpMed Health|SessionId|Message/);
    expect((await db().collection(COLLECTIONS.ussdSessions).doc(sessionId).get()).exists).toBe(false);
  });
});
