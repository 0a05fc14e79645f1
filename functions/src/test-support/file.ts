import type { Test } from 'supertest';

/** A request whose answer body is read as raw bytes (a file the API serves as itself). */
export const asBytes = (test: Test): Test =>
  test.buffer(true).parse((res, done) => {
    const chunks: Buffer[] = [];
    res.on('data', (chunk: Buffer) => chunks.push(chunk));
    res.on('end', () => done(null, Buffer.concat(chunks)));
  });
