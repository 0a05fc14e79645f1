import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { STAFF_ACTIONS, STAFF_ROLES, ENQUIRY_STATUSES, ORDER_STATUSES } from '@api/staff';
import { DESK_CODE_CHANNELS, MESSAGE_STATUSES } from '@api/front-desk';
import { VISIT_MODES } from '@api/visits';
import { auditActionText, auditQueryText } from '@/features/staff/audit-words';

/** Every .ts file of the API but its tests. */
function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === '__tests__' || name === 'test-support' ? [] : sources(path);
    return path.endsWith('.ts') && !path.endsWith('.test.ts') ? [path] : [];
  });
}

/** The values a templated action's `${…}` takes, by the template as the server writes it. */
const lower = (values: readonly string[]) => values.map((v) => v.toLowerCase());
const TEMPLATES: Record<string, readonly string[]> = {
  'appointment.${action}': STAFF_ACTIONS,
  'order.${status.toLowerCase()}': lower(ORDER_STATUSES.filter((s) => s !== 'Pending')),
  'enquiry.${status.toLowerCase()}': lower(ENQUIRY_STATUSES),
  'message.${status.toLowerCase()}': lower(MESSAGE_STATUSES),
  // POST /staff/callbacks/{id} takes Tried or Done (api/ussd.ts callbackOutcomeSchema).
  'callback.${input.status.toLowerCase()}': ['tried', 'done'],
  'role.grant.${input.role}': STAFF_ROLES,
  'visit.mode.${mode}': VISIT_MODES,
  // The desk's codes (services/patients/clinic-patients.ts): the phone's and the typed e-mail's.
  'patient.${channel}.code': DESK_CODE_CHANNELS,
  'patient.${channel}.verify': DESK_CODE_CHANNELS,
};

/**
 * The actions the server writes: the 'namespace.what' literals and templates given as an audit
 * entry's action (action: …, audit(staff, …), auditDesk(…), changeVisit(…, …)).
 */
function serverActions(): string[] {
  const root = join(__dirname, '../../../../../functions/src');
  const found = new Set<string>();
  const literal =
    /(?:action: |audit\(\w+, |auditDesk\(tx, desk, |changeVisit\(caller, appointmentId, )(['`])([a-z-]+\.[^'`]+)\1/g;
  for (const file of sources(root)) {
    for (const [, , action] of readFileSync(file, 'utf8').matchAll(literal)) {
      if (!action.includes('${')) found.add(action);
      else if (TEMPLATES[action]) TEMPLATES[action].forEach((v) => found.add(action.replace(/\$\{[^}]+\}/, v)));
      else throw new Error(`${file}: a templated audit action this test cannot expand: ${action}`);
    }
  }
  return [...found].sort();
}

describe('the audit log in words', () => {
  const actions = serverActions();

  it('finds the actions the server writes (the scan itself works)', () => {
    expect(actions).toEqual(expect.arrayContaining(['appointment.on-the-way', 'closure.set', 'visit.admit', 'role.grant.nurse']));
    expect(actions.length).toBeGreaterThan(60);
  });

  it.each(actions)('when the server logs %s, then the console has words for it', (action) => {
    expect(auditActionText(action)).not.toBe(action);
  });

  it.each([
    ['appointment.on-the-way', 'Marked on the way'],
    ['closure.set', 'Closed a day'],
    ['role.grant.doctor', 'Gave the Doctor role'],
  ])('when the server logs %s, then it reads "%s"', (action, words) => {
    expect(auditActionText(action)).toBe(words);
  });

  it("when a list's filter is shown, then it reads in words, not as a query string", () => {
    expect(auditQueryText('day=2026-11-27&doctorId=dr-adjei&homeVisits=true')).toBe(
      'day Fri 27 Nov 2026, doctor “dr-adjei”, home visits',
    );
    expect(auditQueryText('status=Due&cursor=abc123')).toBe('status “Due”, a later page');
  });
});
