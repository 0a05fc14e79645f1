import request from 'supertest';
import { createApp } from '../../app';
import { STAFF_ROLES, type StaffRole } from '../../api/staff';
import { requireAuth, type RoleGuard } from '../../http/auth';
import { seedCatalog } from '../../seed/seed';
import { db } from '../../store/firebase';
import { createStaffUser, createTestUser, type TestUser } from '../../test-support/auth';
import { storedAppointment } from '../../test-support/staff';
import { staffRouter } from '../staff';

/**
 * The access matrix, generated from the router itself: every /staff route is listed from
 * staffRouter's stack with the roles its guard lets through, so a route added without a
 * guard (or with the wrong one) fails here rather than staying open.
 */
const app = createApp();

interface Layer {
  route?: { path: string; methods: Record<string, boolean>; stack: { handle: unknown }[] };
}
interface StaffRoute {
  method: string;
  path: string;
  handles: unknown[];
  roles: readonly StaffRole[];
}

const ROUTES: StaffRoute[] = (staffRouter.stack as unknown as Layer[])
  .filter((l) => l.route)
  .flatMap(({ route }) =>
    Object.keys(route!.methods).map((method) => {
      const handles = route!.stack.map((s) => s.handle);
      const guard = handles.find((h): h is RoleGuard => typeof h === 'function' && 'roles' in h);
      return { method, path: route!.path, handles, roles: guard?.roles ?? [] };
    }),
  );

const name = (r: StaffRoute) => `${r.method.toUpperCase()} ${r.path}`;

let patient: TestUser;
let users: Record<StaffRole, TestUser>;
let othersAppointmentId: string;

beforeAll(async () => {
  await seedCatalog(db());
  const [p, admin, staff, doctor, nurse] = await Promise.all([
    createTestUser(),
    createStaffUser('admin'),
    createStaffUser('staff'),
    createStaffUser('doctor', 'dr-mensah'),
    createStaffUser('nurse'),
  ]);
  patient = p;
  users = { admin, staff, doctor, nurse };
  // Dr Owusu's appointment: the doctor above (Dr Mensah) may not see or act on it.
  othersAppointmentId = (await storedAppointment(patient.uid, 'Pending', { doctorId: 'dr-owusu' })).appointmentId;
});

/** The route's path with real ids: the appointment is another doctor's (and assigned to nobody). */
const pathOf = (r: StaffRoute) =>
  `/api${r.path
    .replace(':appointmentId', othersAppointmentId)
    .replace(':action', 'check-in')
    .replace(':patientId', patient.uid)
    .replace(':doctorId', 'dr-owusu')
    .replace(':serviceId', '3')
    .replace(':clientReference', 'NOSUCHREF1')
    .replace(':day', '2099-01-01')
    .replace(':fileId', 'no-such-file')
    .replace(':id', 'no-such-id')}${r.path === '/staff/appointments/day-sheet.csv' ? '?day=2099-01-01&homeVisits=true' : ''}`;

function call(r: StaffRoute, user?: TestUser) {
  const req = (request(app) as unknown as Record<string, (p: string) => request.Test>)[r.method](pathOf(r));
  if (user) req.set('Authorization', `Bearer ${user.idToken}`);
  return r.method === 'get' || r.method === 'delete' ? req : req.send({});
}

it('lists the routes of the clinic: at least those docs/api.md names', () => {
  const names = ROUTES.map(name);
  expect(names).toEqual(
    expect.arrayContaining([
      'GET /staff/appointments',
      'GET /staff/appointments/:appointmentId',
      'POST /staff/appointments/:appointmentId/:action',
      'GET /staff/enquiries',
      'POST /staff/enquiries/:id/status',
      'GET /staff/messages',
      'GET /staff/orders',
      'POST /staff/orders/:id/status',
      'GET /staff/refunds',
      'POST /staff/refunds/:id/refunded',
      'GET /staff/patients',
      'POST /staff/roles',
      'DELETE /staff/roles/:id',
      'GET /staff/audit',
      'GET /staff/patients/:patientId/record',
      'GET /staff/patients/:patientId/mandates',
      'POST /staff/patients/:patientId/confirm-claim',
      'POST /staff/patients/:patientId/email/code',
      'POST /staff/patients/:patientId/email/verify',
      'POST /staff/appointments/:appointmentId/prescriptions',
      'POST /staff/prescriptions/:id/dispensed',
    ]),
  );
});

describe.each(ROUTES.map((r) => [name(r), r] as const))('%s', (_name, route) => {
  it('is guarded: requireAuth, then a role guard naming at least one role', () => {
    expect(route.handles[0]).toBe(requireAuth);
    expect(route.roles.length).toBeGreaterThan(0);
  });

  it('when no token is sent, then 401 and the envelope', async () => {
    const res = await call(route);
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ statusCode: 401, data: null });
  });

  it("when a patient's token is sent, then 403: it is for the clinic's staff", async () => {
    const res = await call(route, patient);
    expect(res.status).toBe(403);
    expect(res.body.msg).toBe("This is for the clinic's staff.");
  });

  it('when a role the guard does not name calls, then 403', async () => {
    for (const role of STAFF_ROLES.filter((r) => !route.roles.includes(r))) {
      const res = await call(route, users[role]);
      expect([role, res.status]).toEqual([role, 403]);
    }
  });

  if (route.path.includes(':doctorId')) {
    it('when a doctor calls it for another doctor, then 403', async () => {
      const res = await call(route, users.doctor);
      expect(res.status).toBe(403);
      expect(res.body.msg).toMatch(/another doctor's/);
    });
  }

  if (route.path.includes(':appointmentId') && route.roles.includes('doctor')) {
    it("when a doctor calls it on another doctor's appointment, then 403", async () => {
      const res = await call(route, users.doctor);
      expect(res.status).toBe(403);
      expect(res.body.msg).toMatch(/another doctor's/);
    });
  }

  if (route.path.includes(':appointmentId') && route.roles.includes('nurse')) {
    it('when a nurse calls it on an appointment not assigned to her, then 403', async () => {
      const res = await call(route, users.nurse);
      expect(res.status).toBe(403);
      expect(res.body.msg).toBe('This visit is not assigned to you.');
    });
  }
});

it('names the nurse on her routes only: her day, her visits and what she does on them, and the closed days', () => {
  const nurses = ROUTES.filter((r) => r.roles.includes('nurse')).map(name);
  expect(nurses.sort()).toEqual(
    [
      'GET /staff/overview',
      'GET /staff/appointments',
      'GET /staff/appointments/:appointmentId',
      'GET /staff/appointments/:appointmentId/file',
      'GET /staff/appointments/:appointmentId/deliveries',
      'GET /staff/appointments/day-sheet.csv',
      'POST /staff/appointments/:appointmentId/:action',
      'GET /staff/closures',
    ].sort(),
  );
});

it("when a nurse lists appointments, then only those assigned to her; another's list is 403", async () => {
  const mine = await storedAppointment(patient.uid, 'Accepted', {
    doctorId: null,
    requestedServiceId: 3,
    assignedTo: users.nurse.uid,
    assignedToName: 'Nurse',
    assignedToRole: 'nurse',
  });
  const own = await request(app).get('/api/staff/appointments?limit=50').set('Authorization', `Bearer ${users.nurse.idToken}`);
  expect(own.status).toBe(200);
  const ids = own.body.data.items.map((a: { appointmentId: string }) => a.appointmentId);
  expect(ids).toContain(mine.appointmentId);
  expect(ids).not.toContain(othersAppointmentId);
  expect(own.body.data.items.every((a: { assignedTo: string }) => a.assignedTo === users.nurse.uid)).toBe(true);
  const others = await request(app)
    .get(`/api/staff/appointments?assignedTo=${users.doctor.uid}`)
    .set('Authorization', `Bearer ${users.nurse.idToken}`);
  expect(others.status).toBe(403);
  const detail = await request(app)
    .get(`/api/staff/appointments/${mine.appointmentId}`)
    .set('Authorization', `Bearer ${users.nurse.idToken}`);
  expect(detail.status).toBe(200);
  const accept = await request(app)
    .post(`/api/staff/appointments/${mine.appointmentId}/cancel`)
    .set('Authorization', `Bearer ${users.nurse.idToken}`)
    .send({});
  expect(accept.status).toBe(403);
});

it("when a doctor lists another doctor's appointments, then 403; their own list holds only theirs", async () => {
  const others = await request(app)
    .get('/api/staff/appointments?doctorId=dr-owusu')
    .set('Authorization', `Bearer ${users.doctor.idToken}`);
  expect(others.status).toBe(403);
  const own = await request(app).get('/api/staff/appointments?limit=50').set('Authorization', `Bearer ${users.doctor.idToken}`);
  expect(own.status).toBe(200);
  expect(own.body.data.items.every((a: { doctorId: string }) => a.doctorId === 'dr-mensah')).toBe(true);
  expect(own.body.data.items.map((a: { appointmentId: string }) => a.appointmentId)).not.toContain(othersAppointmentId);
});

it('when the roles a route names read it, then they get past the guard (neither 401 nor 403)', async () => {
  const refused: string[] = [];
  for (const route of ROUTES.filter((r) => r.method === 'get')) {
    // Doctors and nurses are refused another's appointment (tested above); a nurse's other routes are read here.
    const scoped = (r: StaffRole) => r === 'doctor' || (r === 'nurse' && route.path.includes(':appointmentId'));
    for (const role of route.roles.filter((r) => !scoped(r))) {
      const res = await call(route, users[role]);
      if (res.status === 401 || res.status === 403) refused.push(`${role} ${name(route)}: ${res.status}`);
    }
  }
  expect(refused).toEqual([]);
});
