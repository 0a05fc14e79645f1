/**
 * Every refusal of a request schema names its field in words, as the form shows it: never a
 * key ('consentForTreatment') or a path ('address.digitalAddress'). Walks every exported
 * object schema of api/, gives each field wrong values under each service's rules, and
 * reads every message yup answers with.
 */
import { readdirSync } from 'node:fs';
import { basename, join } from 'node:path';
import { ValidationError, isSchema, type AnyObject, type ObjectSchema, type SchemaDescription } from 'yup';
import { DIETARY_MODES } from '../api/booking-choices';
import { SERVICES } from '../api/service-catalog';

/** Every module of api/ (the request schemas live there), so a new one is walked too. */
const API = join(__dirname, '../api');
const MODULES = Object.fromEntries(
  readdirSync(API)
    .filter((file) => file.endsWith('.ts'))
    .map((file) => [basename(file, '.ts'), jest.requireActual<Record<string, unknown>>(join(API, file))]),
);

const SCHEMAS: [string, ObjectSchema<AnyObject>][] = Object.entries(MODULES).flatMap(([module, exports]) =>
  Object.entries(exports)
    .filter(([, value]) => isSchema(value) && (value as ObjectSchema<AnyObject>).type === 'object')
    .map(([name, value]) => [`${module}.${name}`, value as ObjectSchema<AnyObject>] as [string, ObjectSchema<AnyObject>]),
);

interface Field {
  path: string;
  label: string | undefined;
  type: string;
}

type Described = SchemaDescription & { fields?: Record<string, Described>; innerType?: Described };

/** Every field, nested ones as 'address.line', a list's items as 'items.0.name'. */
function fieldsOf(description: Described, prefix = ''): Field[] {
  return Object.entries(description.fields ?? {}).flatMap(([key, d]) => {
    const path = `${prefix}${key}`;
    const own = { path, label: d.label, type: d.type };
    if (d.type === 'object') return [own, ...fieldsOf(d, `${path}.`)];
    if (d.type === 'array' && d.innerType?.type === 'object') return [own, ...fieldsOf(d.innerType, `${path}.0.`)];
    return [own];
  });
}

/** A key of ours: camelCase ('digitalAddress') or a dotted path ('address.line'). */
const KEY = /\b[a-z]+[A-Z][A-Za-z]*\b|\b[a-z][A-Za-z]*\.[a-z][A-Za-z]*\b(?![.\w]*@)/;
const ALLOWED = /example\.com/g;

/** Values that break one rule or another: wrong type, too long, malformed, empty, negative. */
const BAD_VALUES: unknown[] = [{}, ['%%'], 'x'.repeat(6000), '%%/bad\u0000', '', -5, 2.5, 'yes', null, [], [{}]];

/** The choices other fields' rules depend on: each service (and option) has its own required fields. */
const DRIVERS: AnyObject[] = [
  { bookFor: 'OTHERS', method: 'momo', role: 'doctor' },
  ...SERVICES.flatMap((s) =>
    DIETARY_MODES.map((option) => ({ requestedServiceId: s.id, requestedServiceOption: option, bookFor: 'OTHERS' })),
  ),
];

/** Every field but the drivers holds `value`; nested fields too (their parent an object, a list of one). */
function filled(fields: Field[], driver: AnyObject, value: unknown, nested: boolean): AnyObject {
  const body: AnyObject = {};
  for (const { path, type } of fields) {
    const keys = path.split('.');
    if (keys[0] in driver) continue;
    if (!nested && keys.length > 1) continue;
    let at: AnyObject = body;
    for (const [i, key] of keys.slice(0, -1).entries()) {
      if (at[key] === null || typeof at[key] !== 'object') at[key] = /^\d+$/.test(keys[i + 1]) ? [{}] : {};
      at = at[key] as AnyObject;
    }
    const last = keys[keys.length - 1];
    if (!nested || (type !== 'object' && type !== 'array')) at[last] = value;
  }
  return { ...body, ...driver };
}

/** Yup's paths write list items as items[0].name. */
const plainPath = (path: string | undefined) => (path ?? '').replace(/\[(\d+)\]/g, '.$1').replace(/\["?([^\]"]+)"?\]/g, '.$1');

function refusals(schema: ObjectSchema<AnyObject>, value: AnyObject): ValidationError[] {
  try {
    schema.validateSync(value, { abortEarly: false, stripUnknown: true });
    return [];
  } catch (err) {
    if (err instanceof ValidationError) return err.inner.length ? err.inner : [err];
    if (err instanceof TypeError) return []; // validateBody answers these with its own sentence
    throw err;
  }
}

it('finds the request schemas', () => {
  expect(SCHEMAS.length).toBeGreaterThan(30);
  expect(SCHEMAS.map(([name]) => name)).toEqual(
    expect.arrayContaining(['booking-request.bookingSchema', 'account-requests.registerSchema']),
  );
});

describe.each(SCHEMAS)('%s', (_name, schema) => {
  const fields = fieldsOf(schema.describe() as Described);

  it.each(fields.map((f) => [f.path, f]))('%s has a label in words', (_path, field) => {
    expect(field.label).toBeTruthy();
    expect(field.label).not.toMatch(KEY);
  });

  it('names each refused field in words, never by its key', () => {
    const seen = new Map<string, string>();
    const drivers = fields.some((f) => f.path === 'requestedServiceId') ? [{}, ...DRIVERS] : [{}, DRIVERS[0]];
    for (const driver of drivers)
      for (const bad of BAD_VALUES)
        for (const nested of [false, true])
          for (const refusal of refusals(schema, filled(fields, driver, bad, nested)))
            seen.set(refusal.message, plainPath(refusal.path));
    for (const [message, path] of seen) {
      expect({ message, key: message.replace(ALLOWED, '').match(KEY)?.[0] }).toEqual({ message, key: undefined });
      const field = fields.find((f) => f.path === path);
      if (field?.label)
        expect({ message, label: message.toLowerCase().includes(field.label.toLowerCase()) }).toEqual({ message, label: true });
    }
  });
});
