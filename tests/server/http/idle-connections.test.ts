import { connect } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_HTTP_TIMEOUTS } from '../../../src/server/root/app';
import { DEFAULT_INTAKE_GATE } from '../../../src/server/applications/intake-gate';
import { MAX_APPLICATION_BODY_BYTES } from '../../../src/shared/limits';
import { startTestServer, type TestServer } from '../../support/test-server';

/**
 * The HTTP server's own timeouts: a connection that sends nothing is closed, and the request
 * timeout lets the slowest upload the intake gate keeps (see tests/server/applications/
 * stalled-uploads.test.ts) finish. Over a real socket: the timeouts are the socket's.
 */

let server: TestServer | undefined;
afterEach(async () => {
  await server?.stop();
  server = undefined;
});

/** Fails a promise that has not settled within `ms`, instead of waiting for ever. */
const within = <T>(promise: Promise<T>, ms: number, what: string) =>
  Promise.race([
    promise,
    new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error(`${what}: nothing after ${ms} ms`)), ms),
    ),
  ]);

describe('connections that say nothing', () => {
  it('are closed once idle for the connection timeout', async () => {
    server = await startTestServer({}, { httpTimeouts: { connectionTimeoutMs: 500 } });
    const { port } = new URL(server.url);
    const socket = connect(Number(port), '127.0.0.1');
    socket.on('error', () => undefined);
    socket.write('POST /api/login HTTP/1.1\r\nHost: localhost\r\n');
    const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
    await within(closed, 10_000, 'the idle connection');
  });

  it('production timeouts let the slowest upload the gate keeps finish, and answer a waiting one first', async () => {
    const gate = DEFAULT_INTAKE_GATE;
    const floorBytesPerMs = gate.minBytesPerWindow / gate.stallWindowMs;
    // A wait for a place, then the body for as long as the gate lets it arrive.
    const slowestAccepted = gate.maxWaitMs + gate.maxReceiveMs;
    expect(DEFAULT_HTTP_TIMEOUTS.requestTimeoutMs).toBeGreaterThan(slowestAccepted);
    expect(DEFAULT_HTTP_TIMEOUTS.connectionTimeoutMs).toBeGreaterThan(gate.maxWaitMs);
    // A phone sending a 5 MB CV (about 7 MB of JSON) over two minutes: over twice the floor, in
    // time, and fast enough to keep its place when others want one.
    const phoneBytesPerMs = (7 * 1024 * 1024) / 120_000;
    expect(phoneBytesPerMs).toBeGreaterThan(2 * floorBytesPerMs);
    expect(120_000).toBeLessThan(gate.maxReceiveMs);
    // Even the largest body at 384 kbit/s is in before the gate drops it.
    expect((MAX_APPLICATION_BODY_BYTES * 8) / 384_000).toBeLessThan(gate.maxReceiveMs / 1000);
    // 1 Mbit/s keeps its place.
    expect(125_000).toBeGreaterThan(gate.evictBelowBytesPerSecond);
    // The HTTP server carries them.
    server = await startTestServer();
    expect(server.app.server.requestTimeout).toBe(DEFAULT_HTTP_TIMEOUTS.requestTimeoutMs);
    expect(server.app.server.timeout).toBe(DEFAULT_HTTP_TIMEOUTS.connectionTimeoutMs);
  });
});
