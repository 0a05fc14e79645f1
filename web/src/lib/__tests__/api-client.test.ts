import { api, ApiError, NETWORK_ERROR } from '@/lib/api-client';

const answer = (status: number, body: unknown) =>
  jest.fn().mockResolvedValue({ ok: status < 300, status, json: () => Promise.resolve(body) } as unknown as Response);

describe('the API client', () => {
  afterEach(() => jest.restoreAllMocks());

  it('when the envelope says 200, then data is returned from /api', async () => {
    const fetchMock = answer(200, { statusCode: 200, msg: 'Success', data: [{ id: 'x' }] });
    global.fetch = fetchMock;
    await expect(api.get('/doctors', { query: { specialty: 'All' } })).resolves.toEqual([{ id: 'x' }]);
    expect(fetchMock.mock.calls[0][0]).toBe('/api/doctors?specialty=All');
  });

  it('when the envelope carries an error, then ApiError has its status and msg', async () => {
    global.fetch = answer(400, { statusCode: 400, msg: 'Email Address is required.', data: null });
    const err = await api.post('/feedback', {}).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 400, message: 'Email Address is required.' });
  });

  it('when the network fails, then the person reads a connection message', async () => {
    global.fetch = jest.fn().mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(api.get('/packages')).rejects.toMatchObject({ status: 0, message: NETWORK_ERROR });
  });

  it('when a body is sent, then it is JSON with its content type', async () => {
    const fetchMock = answer(201, { statusCode: 201, msg: 'Created', data: { ok: true } });
    global.fetch = fetchMock;
    await api.post('/subscriptions/news', { email: 'a@b.co' });
    const init = fetchMock.mock.calls[0][1] as RequestInit;
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{"email":"a@b.co"}');
    expect((init.headers as Record<string, string>)['Content-Type']).toBe('application/json');
  });
});
