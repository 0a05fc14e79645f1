import request from 'supertest';
import { createApp } from '../app';
import { SMALL_BODY_BYTES, LARGE_BODY_BYTES } from '../config';

const app = createApp();

describe('the API app', () => {
  it('when GET /health is called with or without /api, then it answers 200 in the envelope', async () => {
    for (const path of ['/api/health', '/health']) {
      const res = await request(app).get(path);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ statusCode: 200, msg: 'The API is up.', data: { status: 'ok' } });
    }
  });

  it('when a path is unknown, then it answers a 404 envelope naming it', async () => {
    const res = await request(app).get('/api/no-such-thing');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ statusCode: 404, msg: 'There is no GET /api/no-such-thing here.', data: null });
  });

  it('when the body is over the ordinary limit, then it answers a 413 envelope', async () => {
    const res = await request(app)
      .post('/api/health')
      .set('Content-Type', 'application/json')
      .send(JSON.stringify({ text: 'x'.repeat(SMALL_BODY_BYTES) }));
    expect(res.status).toBe(413);
    expect(res.body.statusCode).toBe(413);
    expect(res.body.msg).toMatch(/too large: at most 64 KB/);
  });

  it('when an appointment body is between the two limits, then the size is not refused', async () => {
    const res = await request(app)
      .post('/api/appointments')
      .set('Content-Type', 'application/json')
      .send(JSON.stringify({ file: 'x'.repeat(SMALL_BODY_BYTES * 2) }));
    expect(res.status).not.toBe(413);
  });

  it('when an appointment body is over the large limit, then it answers 413', async () => {
    const res = await request(app)
      .post('/appointments')
      .set('Content-Type', 'application/json')
      .send(JSON.stringify({ file: 'x'.repeat(LARGE_BODY_BYTES) }));
    expect(res.status).toBe(413);
    expect(res.body.msg).toMatch(/at most 1024 KB/);
  });

  it('when the JSON is malformed (in-process), then it answers a 400 envelope', async () => {
    const res = await request(app).post('/api/health').set('Content-Type', 'application/json').send('{bad');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ statusCode: 400, msg: 'The request body is not valid JSON.', data: null });
  });

  it('never sends an Express HTML page or an X-Powered-By header', async () => {
    const res = await request(app).delete('/api/health');
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.headers['x-powered-by']).toBeUndefined();
  });
});
