// The baselines serve "the same bytes": each answer of the product is captured once (status,
// headers in their order and case, raw body exactly as sent: compressed if the product
// compressed it for the request's Accept-Encoding) and written to files both baselines read.
// Only the headers that belong to a connection or an instant (Date, Connection, Keep-Alive,
// Content-Length, Transfer-Encoding) are left for each server to write itself. The capture is
// made with the request headers wrk then sends to every server (a browser's Accept-Encoding), so
// if the product compresses, the baselines send the same compressed bytes with the same
// Content-Encoding: the same bytes on the wire, compressed ahead of time (the fastest plain way;
// compressing each answer again would be the product's own cost).
// An ETag is replayed too; wrk never revalidates, so every answer is a full 200 everywhere.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { request } from './http-client.mjs';

const PER_CONNECTION = new Set(['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding']);

/** GET `pathname` from the product with `headers`; throws unless it answers 200. */
export async function captureAnswer(baseUrl, pathname, headers = {}) {
  const answer = await request(`${baseUrl}${pathname}`, { headers });
  if (answer.status !== 200) {
    throw new Error(`GET ${pathname}: ${answer.status} ${answer.body.toString('utf8').slice(0, 300)}`);
  }
  const pairs = [];
  for (let i = 0; i < answer.rawHeaders.length; i += 2) {
    const name = answer.rawHeaders[i];
    if (!PER_CONNECTION.has(name.toLowerCase())) pairs.push([name, answer.rawHeaders[i + 1]]);
  }
  return { method: 'GET', path: pathname, status: answer.status, headers: pairs, body: answer.body };
}

/**
 * Writes the captured answers as files plus `replay.json` (routes, and where the plain Node
 * server writes the CVs it takes). Returns the path of replay.json.
 */
export function writeReplay(dir, answers, intakeDir) {
  const routes = answers.map((answer, index) => {
    const bodyFile = path.join(dir, `answer-${index}.body`);
    writeFileSync(bodyFile, answer.body);
    return {
      method: answer.method,
      path: answer.path,
      status: answer.status,
      headers: answer.headers,
      bodyFile,
    };
  });
  const file = path.join(dir, 'replay.json');
  writeFileSync(file, JSON.stringify({ routes, intakeDir }, null, 2));
  return file;
}
