import { createServer, request, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readApplicationBody } from '../../../src/server/applications/application-body';
import { MAX_BODY_BYTES } from '../../../src/shared/limits';
import { messages } from '../../../src/shared/messages';
import { answerLog, expectJsonError, login } from '../../support/answer-checks';
import { buildTestApp, type TestApp } from '../../support/build-app';
import { ADMIN, sampleJob } from '../../support/test-server';

const { call, describeNoLeaks } = answerLog();

let server: TestApp;
let token: string;
beforeAll(async () => {
  server = await buildTestApp();
  token = await server.adminToken();
});
afterAll(async () => {
  await server?.stop();
});

// The limit of POST /api/applications, which takes a CV, is with the applications' tests.
describe('body limits', () => {
  const overOneMiB = 'x'.repeat(MAX_BODY_BYTES + 1024);

  it('refuses more than 1 MiB on POST /api/login with 413 JSON', async () => {
    const answer = await call(server, 'POST', '/api/login', { body: login(ADMIN.email, overOneMiB) });
    expectJsonError(answer, 413, messages.bodyTooLarge);
  });

  it('refuses more than 1 MiB on POST /api/register and on POST /api/post with 413 JSON, storing nothing', async () => {
    const email = 'huge-body@example.com';
    const register = await call(server, 'POST', '/api/register', {
      body: JSON.stringify({ name: overOneMiB, email, password: 'abcdef' }),
    });
    expectJsonError(register, 413, messages.bodyTooLarge);
    expect(await server.context.users.findByEmail(email)).toBeUndefined();

    const before = (await server.api('GET', '/all')).body.length;
    const post = await call(server, 'POST', '/api/post', {
      token,
      body: JSON.stringify(sampleJob({ description: overOneMiB })),
    });
    expectJsonError(post, 413, messages.bodyTooLarge);
    const put = await call(server, 'PUT', '/api/post/00000000-0000-4000-8000-000000000000', {
      token,
      body: JSON.stringify({ description: overOneMiB }),
    });
    expectJsonError(put, 413, messages.bodyTooLarge);
    expect((await server.api('GET', '/all')).body).toHaveLength(before);
  });

  it('takes a body just under 1 MiB on an ordinary route (the limit is not lower)', async () => {
    const answer = await call(server, 'POST', '/api/login', {
      body: login(ADMIN.email, 'x'.repeat(MAX_BODY_BYTES - 1024)),
    });
    // Reaches validation: the password is over the 1024-character cap.
    expect(answer.status).toBe(400);
  });
});

describe("an application's body as the route reads it", () => {
  const read = (payload: IncomingMessage) =>
    new Promise<Buffer>((resolve, reject) =>
      readApplicationBody(payload, 8 * 1024 * 1024, (error, body) =>
        // Bytes without a CV's key come back as they were sent.
        error ? reject(error) : resolve(body as Buffer),
      ),
    );

  it('arrives whole from a connection that sends it in many pieces (each piece given back once copied)', async () => {
    const sent = Buffer.from(Array.from({ length: 3 * 1024 * 1024 }, (_, i) => (i * 7) % 251));
    const server = createServer((req, res) => {
      void read(req).then((body) => res.end(body.equals(sent) ? 'same' : 'different'));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const answer = await new Promise<string>((resolve, reject) => {
        const { port } = server.address() as AddressInfo;
        const req = request({
          port,
          host: '127.0.0.1',
          method: 'POST',
          headers: { 'content-length': sent.length },
        });
        req.on('response', (res) => {
          let text = '';
          res.on('data', (chunk: Buffer) => (text += chunk.toString()));
          res.on('end', () => resolve(text));
        });
        req.on('error', reject);
        for (let at = 0; at < sent.length; at += 100_000) req.write(sent.subarray(at, at + 100_000));
        req.end();
      });
      expect(answer).toBe('same');
    } finally {
      server.close();
    }
  });

  it("leaves a request made in-process its caller's bytes", async () => {
    const sent = Buffer.from('{"name":"Ada"}'.padEnd(200_000, ' '));
    const payload = Object.assign(Readable.from([sent]), {
      headers: { 'content-length': String(sent.length) },
    }) as unknown as IncomingMessage;
    expect((await read(payload)).equals(sent)).toBe(true);
    expect(sent.length).toBe(200_000);
  });
});

describeNoLeaks(4);
