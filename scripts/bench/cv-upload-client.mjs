// The load generator for CV intake, run as its own process (pinned like wrk): keeps
// `concurrency` uploads of the same PDF in flight for `seconds`, each from its own loopback
// source address (127.a.b.c), so the product's per-IP limit on POST /api/applications (left at
// its default) sees every upload as a new visitor, as on a real site. Prints one JSON line.
//
// Usage: node cv-upload-client.mjs '<json: url, pdfFile, jobId, jobTitle, concurrency, seconds, firstAddress[, count]>'
// With `count`, it stops once that many uploads have started (or `seconds` have passed): the same
// work whatever the machine's speed, for comparing memory between builds.
import { readFileSync } from 'node:fs';
import { request } from './http-client.mjs';

const options = JSON.parse(process.argv[2]);
const pdf = readFileSync(options.pdfFile);
// The data URL is the same for every upload: one shared buffer, written as the middle of each body.
const dataUrl = Buffer.from(`data:application/pdf;base64,${pdf.toString('base64')}"}`);

/** Address number n as 127.a.b.c, skipping 127.0.x.x (127.0.0.1 is everyone else's) and .0/.255. */
const address = (n) =>
  `127.${1 + (Math.floor(n / (254 * 256)) % 254)}.${Math.floor(n / 254) % 256}.${1 + (n % 254)}`;

let next = options.firstAddress;
const latencies = [];
const failures = [];
let accepted = 0;
let bodyBytes = 0;

async function uploadOne() {
  const n = next++;
  const head = Buffer.from(
    JSON.stringify({
      name: `Bench Applicant ${n}`,
      email: `applicant-${n}@example.com`,
      phone: '07700 900123',
      number: '07700 900123',
      about: 'I would like to apply for this role. My CV is attached.',
      jobTitle: options.jobTitle,
      jobName: options.jobTitle,
      jobId: options.jobId,
    }).slice(0, -1) + ',"pdfFile":"',
  );
  const began = performance.now();
  const answer = await request(options.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: [head, dataUrl],
    localAddress: address(n),
  });
  latencies.push(performance.now() - began);
  bodyBytes += head.length + dataUrl.length;
  if (answer.status === 201) accepted++;
  else failures.push({ status: answer.status, body: answer.body.toString('utf8').slice(0, 300) });
}

const began = performance.now();
await Promise.all(
  Array.from({ length: options.concurrency }, async () => {
    while (
      performance.now() - began < options.seconds * 1000 &&
      (options.count === undefined || next - options.firstAddress < options.count)
    ) {
      try {
        await uploadOne();
      } catch (error) {
        failures.push({ status: 0, body: String(error) });
      }
    }
  }),
);
const elapsedMs = performance.now() - began;
console.info(
  JSON.stringify({
    accepted,
    acceptedCvBytes: accepted * pdf.length,
    bodyBytes,
    elapsedMs,
    latencies,
    failures: failures.length,
    firstFailure: failures[0],
    addressesUsed: next - options.firstAddress,
  }),
);
