import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../../src/shared/messages';
import { createScratchDatabase, testDatabaseUrl } from '../../support/postgres';
import { sampleJob, startTestServer, type TestServer } from '../../support/test-server';

/**
 * PostgreSQL that stops answering, as behind a network fault or during a failover: the server
 * reaches it through a proxy this test controls, which at first passes everything on and then
 * takes connections without ever answering. A request that needs the database is told, within the
 * connect timeout, to come back, with a 503; once the database answers again, so does the server,
 * with nothing lost.
 */

const baseUrl = testDatabaseUrl();

/** A TCP proxy to PostgreSQL that can be made to hold every new connection silently. */
async function startProxy(target: URL) {
  let passing = true;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    sockets.add(client);
    client.on('close', () => sockets.delete(client));
    client.on('error', () => undefined);
    if (!passing) return;
    // The suite's PostgreSQL may be a Unix socket (`?host=/var/run/postgresql`) or TCP.
    const socketDir = target.searchParams.get('host');
    const port = Number(target.port || 5432);
    const upstream = socketDir?.startsWith('/')
      ? net.connect(`${socketDir}/.s.PGSQL.${port}`)
      : net.connect(port, target.hostname);
    sockets.add(upstream);
    upstream.on('close', () => sockets.delete(upstream));
    upstream.on('error', () => client.destroy());
    client.on('error', () => upstream.destroy());
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    /** Cuts every open connection and leaves new ones unanswered. */
    blackHole() {
      passing = false;
      for (const socket of sockets) socket.destroy();
    },
    restore() {
      passing = true;
      for (const socket of sockets) socket.destroy();
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

describe.skipIf(!baseUrl)('PostgreSQL that stops answering (needs TEST_DATABASE_URL)', () => {
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
  let proxy: Awaited<ReturnType<typeof startProxy>>;
  let server: TestServer;

  beforeAll(async () => {
    scratch = await createScratchDatabase(baseUrl!);
    const direct = new URL(scratch.url);
    proxy = await startProxy(direct);
    const proxied = new URL(scratch.url);
    proxied.searchParams.delete('host');
    proxied.hostname = '127.0.0.1';
    proxied.port = String(proxy.port);
    server = await startTestServer(
      { DATABASE_CONNECT_TIMEOUT_MS: '1000' },
      { databaseUrl: proxied.toString() },
    );
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
    await proxy?.close();
    await scratch?.drop();
  });

  it('answers 503 with a time to come back while it cannot connect, and carries on after', async () => {
    const token = await server.adminToken();
    const posted = await server.api('POST', '/post', {
      token,
      body: sampleJob({ jobTitle: 'Kept Through A Fault' }),
    });
    expect(posted.status).toBe(201);

    proxy.blackHole();
    const began = Date.now();
    const refused = await server.api('GET', '/applications', { token });
    expect(refused.status).toBe(503);
    expect(refused.body).toEqual({ message: messages.databaseUnavailable });
    expect(refused.headers.get('retry-after')).toBe('30');
    // The connect timeout, not the system's own minutes-long one, decided.
    expect(Date.now() - began).toBeLessThan(20_000);

    proxy.restore();
    await expect
      .poll(async () => (await server.api('GET', '/applications', { token })).status, { timeout: 20_000 })
      .toBe(200);
    const single = await server.api('GET', `/single/${posted.body.insertedId}`);
    expect(single.status).toBe(200);
    expect(single.body.jobTitle).toBe('Kept Through A Fault');
  }, 60_000);
});
