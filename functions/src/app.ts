import express, { Router } from 'express';
import { LARGE_BODY_BYTES } from './config';
import { appCheckGuard, type AppCheckOptions } from './http/app-check';
import { bodyLimit } from './http/body-limit';
import { errorHandler, notFoundHandler } from './http/error-handler';
import { catalogRouter } from './routes/catalog';
import { clientErrorsRouter } from './routes/client-errors';
import { dataProtectionRouter } from './routes/data-protection';
import { appointmentsRouter } from './routes/appointments';
import { healthRouter } from './routes/health';
import { patientsRouter } from './routes/patients';
import { phoneVerificationRouter } from './routes/phone-verification';
import { paymentsRouter } from './routes/payments';
import { publicFormsRouter } from './routes/public-forms';
import { recordRouter } from './routes/record';
import { schedulingRouter } from './routes/scheduling';
import { staffRouter } from './routes/staff';
import { subscriptionsRouter } from './routes/subscriptions';
import { visitsRouter } from './routes/visits';

/** The routes, answered under /api (through Hosting) and without it (the function's own URL). */
function routes(): Router {
  const router = Router();
  router.use(healthRouter);
  router.use(appointmentsRouter);
  router.use(schedulingRouter);
  router.use(patientsRouter);
  router.use(phoneVerificationRouter);
  router.use(subscriptionsRouter);
  router.use(paymentsRouter);
  router.use(catalogRouter);
  router.use(publicFormsRouter);
  router.use(dataProtectionRouter);
  router.use(visitsRouter);
  router.use(clientErrorsRouter);
  router.use(recordRouter);
  router.use(staffRouter);
  return router;
}

/** The Express app, apart from onRequest so tests run it in-process (and give it an App Check verifier). */
export function createApp({ appCheck }: { appCheck?: AppCheckOptions } = {}): express.Express {
  const app = express();
  app.disable('x-powered-by');
  app.disable('etag');
  // Browsers must take every answer for what its Content-Type says (JSON), never sniff it as HTML.
  app.use((_req, res, next) => {
    res.set('X-Content-Type-Options', 'nosniff');
    next();
  });
  app.use(bodyLimit);
  app.use(appCheckGuard(appCheck));
  // The Functions runtime has parsed JSON already (express.json then skips); in-process it parses here.
  app.use(express.json({ limit: LARGE_BODY_BYTES }));
  const router = routes();
  app.use('/api', router);
  app.use(router);
  app.use(notFoundHandler);
  app.use(errorHandler);
  return app;
}
