import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../../src/shared/messages';
import { answerLog, expectJsonError, login } from '../../support/answer-checks';
import { ADMIN, startTestServer, type TestServer } from '../../support/test-server';

/**
 * Which address a request comes from, as the rate limits see it: the socket's peer, or behind a
 * trusted proxy the address that proxy appended to X-Forwarded-For. Over a real socket, since the
 * peer address is the point.
 */

const { call, describeNoLeaks } = answerLog();

// The test's requests come from 127.0.0.1: the proxy, named by hop count or by address.
describe.each(['1', '127.0.0.1', 'loopback'])(
  'rate limits behind a trusted proxy (TRUST_PROXY=%s)',
  (trust) => {
    let server: TestServer;
    beforeAll(async () => {
      server = await startTestServer({ TRUST_PROXY: trust }, { rateLimits: { loginPerMinute: 10 } });
    });
    afterAll(async () => {
      await server?.stop();
    });

    it('the client address is the one the proxy appended: a forged X-Forwarded-For entry gives no fresh tries', async () => {
      // The proxy appends the address it saw; everything to its left is what the client wrote.
      const real = '203.0.113.250';
      for (let i = 0; i < 30; i++) {
        const answer = await call(server, 'POST', '/api/login', {
          body: login(`forged${i}@example.com`, 'x'),
          headers: { 'x-forwarded-for': `192.0.2.${i + 1}, ${real}` },
        });
        expect(answer.status).toBe(401);
      }
      const blocked = await call(server, 'POST', '/api/login', {
        body: login(ADMIN.email, ADMIN.password),
        headers: { 'x-forwarded-for': `192.0.2.99, ${real}` },
      });
      expectJsonError(blocked, 429, messages.loginRateLimited);
      // Another client behind the same proxy is not affected.
      const other = await call(server, 'POST', '/api/login', {
        body: login(ADMIN.email, ADMIN.password),
        headers: { 'x-forwarded-for': `203.0.113.251` },
      });
      expect(other.status).toBe(200);
    });
  },
);

describe('rate limits without a trusted proxy', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({}, { rateLimits: { loginPerMinute: 10 } });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('a forged X-Forwarded-For does not give an attacker fresh login tries', async () => {
    for (let i = 0; i < 30; i++) {
      const answer = await call(server, 'POST', '/api/login', {
        body: login(`spoof${i}@example.com`, 'x'),
        headers: { 'x-forwarded-for': `192.0.2.${i + 1}` },
      });
      expect(answer.status).toBe(401);
    }
    const blocked = await call(server, 'POST', '/api/login', {
      body: login('spoof-last@example.com', 'x'),
      headers: { 'x-forwarded-for': '192.0.2.200' },
    });
    expectJsonError(blocked, 429, messages.loginRateLimited);
    expect(blocked.headers.get('retry-after')).toMatch(/^\d+$/);
  });
});

describeNoLeaks(100);
