// Raw HTTP requests with node:http (not fetch): bodies come back exactly as sent on the wire
// (still gzip-encoded if the server compressed them), and `localAddress` picks the loopback
// source address, which is how each simulated visitor gets its own client IP.
import http from 'node:http';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import { sleep } from './stats.mjs';

/** What a browser sends: the product (or a baseline) may compress when it sees this. */
export const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br';

/**
 * One request on its own connection. `body` may be a Buffer, a string or an array of Buffers
 * (written in turn: large shared middles are not copied). Resolves with status, headers and raw body.
 */
export function request(url, { method = 'GET', headers = {}, body, localAddress, timeoutMs = 60_000 } = {}) {
  const parts = body === undefined ? [] : Array.isArray(body) ? body : [Buffer.from(body)];
  const length = parts.reduce((sum, part) => sum + part.length, 0);
  return new Promise((resolve, reject) => {
    const req = http.request(url, {
      method,
      agent: false,
      localAddress,
      headers: body === undefined ? headers : { 'content-length': String(length), ...headers },
      timeout: timeoutMs,
    });
    req.on('timeout', () => req.destroy(new Error(`${method} ${url}: no answer within ${timeoutMs} ms`)));
    req.on('error', reject);
    req.on('response', (res) => {
      const chunks = [];
      res.on('data', (chunk) => chunks.push(chunk));
      res.on('error', reject);
      res.on('end', () =>
        resolve({
          status: res.statusCode,
          headers: res.headers,
          rawHeaders: res.rawHeaders,
          body: Buffer.concat(chunks),
        }),
      );
    });
    for (const part of parts.slice(0, -1)) req.write(part);
    req.end(parts.at(-1));
  });
}

/** The body of an answer after undoing its Content-Encoding (the bytes an application sees). */
export function decodeBody(answer) {
  const encoding = answer.headers['content-encoding'];
  if (encoding === 'gzip') return gunzipSync(answer.body);
  if (encoding === 'br') return brotliDecompressSync(answer.body);
  if (encoding === 'deflate') return inflateSync(answer.body);
  return answer.body;
}

/** JSON request; throws unless the status is the expected one. */
export async function requestJson(url, { method = 'GET', body, token, expect = 200, localAddress } = {}) {
  const answer = await request(url, {
    method,
    localAddress,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = answer.body.toString('utf8');
  if (answer.status !== expect) {
    throw new Error(`${method} ${url}: expected ${expect}, got ${answer.status} ${text.slice(0, 500)}`);
  }
  return text ? JSON.parse(text) : undefined;
}

/**
 * Polls `url` until it answers 200; resolves with the milliseconds since `since`. Rejects when
 * `isGone()` says the process behind it exited, or after `limitMs`.
 */
export async function waitForOk(url, { since = performance.now(), limitMs = 60_000, isGone = () => false }) {
  for (;;) {
    if (isGone()) throw new Error(`the process exited before ${url} answered`);
    try {
      const answer = await request(url, { timeoutMs: 5000 });
      if (answer.status === 200) return performance.now() - since;
    } catch {
      // not listening yet
    }
    if (performance.now() - since > limitMs) throw new Error(`${url}: no 200 within ${limitMs} ms`);
    await sleep(10);
  }
}
