import { number, object, string } from 'yup';
import { validateBody } from '../validate';
import { HttpError } from '../errors';

const schema = object({
  email: string().trim().required('Email Address is required.').email('Email Address must be a valid email.'),
  quantity: number().required('Quantity is required.').min(1, 'Quantity must be at least 1.'),
});

describe('validateBody', () => {
  it('when the body is valid, then unknown fields are dropped and values cast', async () => {
    const value = await validateBody(schema, { email: ' a@b.co ', quantity: '2', paymentStatus: 'Paid' });
    expect(value).toEqual({ email: 'a@b.co', quantity: 2 });
  });

  it('when fields are invalid, then a 400 names every one of them', async () => {
    const err = await validateBody(schema, { email: 'nope', quantity: 0 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(HttpError);
    expect((err as HttpError).status).toBe(400);
    expect((err as HttpError).message).toBe('Email Address must be a valid email. Quantity must be at least 1.');
    expect((err as HttpError).data).toEqual({
      fields: { email: 'Email Address must be a valid email.', quantity: 'Quantity must be at least 1.' },
    });
  });

  it('when the body is not an object, then it is refused with 400', async () => {
    const err = await validateBody(schema, ['x']).catch((e: unknown) => e);
    expect((err as HttpError).status).toBe(400);
    expect((err as HttpError).message).toBe('The request body must be a JSON object.');
  });

  it('when a trimmed field holds an object, then it is a 400, not a crash', async () => {
    const err = await validateBody(schema, { email: { $gt: '' }, quantity: 1 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(HttpError);
    expect((err as HttpError).status).toBe(400);
  });
});
