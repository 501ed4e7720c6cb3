// The soak's load generator, run as its own process (pinned like wrk): `visitors` visitors read the
// site and now and then apply with a CV of 50 KB to 2 MB, each request from a loopback address of
// its own (so rate-limit counters grow with visitors, as on a real site), while one administrator
// lists the applications as the screen does (GET /api/applications), previews CVs and deletes
// some. Runs for `seconds`; prints one JSON line with what it sent and what came back.
//
// Usage: node soak-client.mjs '<json: url, token, seconds, visitors, cvFiles[], jobs[{id,title}],
// firstAddress, applyEvery, adminPauseMs>'
import { readFileSync } from 'node:fs';
import { BROWSER_ACCEPT_ENCODING, decodeBody, request } from './http-client.mjs';
import { sleep } from './stats.mjs';

const options = JSON.parse(process.argv[2]);
// One data URL per CV size, shared by every upload of that size (written as the body's middle).
const cvs = options.cvFiles.map((file) => {
  const pdf = readFileSync(file);
  return {
    bytes: pdf.length,
    dataUrl: Buffer.from(`data:application/pdf;base64,${pdf.toString('base64')}"}`),
  };
});

/** Address number n as 127.a.b.c, skipping 127.0.x.x (127.0.0.1 is the administrator's). */
const address = (n) =>
  `127.${1 + (Math.floor(n / (254 * 256)) % 254)}.${Math.floor(n / 254) % 256}.${1 + (n % 254)}`;
let nextAddress = options.firstAddress;

const browser = { 'accept-encoding': BROWSER_ACCEPT_ENCODING };
const admin = { ...browser, authorization: `Bearer ${options.token}` };
const pick = (list) => list[Math.floor(Math.random() * list.length)];

// Searches people share (kept drawn by the server) and ones nobody repeats (made up each time).
const SHARED_SEARCHES = [
  '?q=engineer',
  '?q=claims',
  '?department=engineering',
  '?location=Manchester',
  '?q=analyst&location=London',
  '?department=operations',
  '?q=manager',
  '?location=Remote',
];

const counts = { requests: 0, failed: 0, applied: 0, cvBytesSent: 0, listed: 0, previewed: 0, deleted: 0 };
const failures = [];
let listBytes = 0;

async function send(url, init, expected) {
  counts.requests++;
  try {
    const answer = await request(url, init);
    if (!expected.includes(answer.status)) {
      counts.failed++;
      if (failures.length < 5)
        failures.push({ url, status: answer.status, body: answer.body.toString('utf8').slice(0, 200) });
    }
    return answer;
  } catch (error) {
    counts.failed++;
    if (failures.length < 5) failures.push({ url, status: 0, body: String(error) });
    return undefined;
  }
}

async function apply(n) {
  const job = pick(options.jobs);
  const cv = pick(cvs);
  const head = Buffer.from(
    JSON.stringify({
      name: `Soak Applicant ${n}`,
      email: `soak-${n}@example.com`,
      phone: '07700 900123',
      about: 'I would like to apply for this role. My CV is attached.',
      jobTitle: job.title,
      jobId: job.id,
    }).slice(0, -1) + ',"pdfFile":"',
  );
  const answer = await send(
    `${options.url}/api/applications`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: [head, cv.dataUrl],
      localAddress: address(n),
    },
    [201],
  );
  if (answer?.status === 201) {
    counts.applied++;
    counts.cvBytesSent += cv.bytes;
  }
}

/** One visitor: reads pages and the job list, and applies every `applyEvery` requests or so. */
async function visitor(ends) {
  while (performance.now() < ends) {
    const n = nextAddress++;
    const from = { headers: browser, localAddress: address(n) };
    const roll = Math.random();
    if (roll < 1 / options.applyEvery) await apply(n);
    else if (roll < 0.25) await send(`${options.url}/`, from, [200]);
    else if (roll < 0.45) await send(`${options.url}/api/all`, from, [200]);
    else if (roll < 0.65) await send(`${options.url}/apply/${pick(options.jobs).id}`, from, [200]);
    else if (roll < 0.75)
      await send(`${options.url}${pick(['/about', '/contact', '/privacy'])}`, from, [200]);
    else if (roll < 0.85) await send(`${options.url}/${pick(SHARED_SEARCHES)}`, from, [200]);
    else if (roll < 0.92) await send(`${options.url}/?q=made-up-${n}`, from, [200]);
    else if (roll < 0.96) await send(`${options.url}/apply/${n.toString(16).padStart(24, '0')}`, from, [404]);
    else await send(`${options.url}/no-such-page-${n}`, from, [404]);
  }
}

/** The administrator: the list as the screen loads it, a few CVs previewed, one deleted. */
async function administrator(ends) {
  while (performance.now() < ends) {
    const answer = await send(`${options.url}/api/applications`, { headers: admin }, [200]);
    if (answer?.status === 200) {
      counts.listed++;
      listBytes = answer.body.length;
      const rows = JSON.parse(decodeBody(answer).toString('utf8'));
      const chosen = Array.from({ length: Math.min(3, rows.length) }, () => pick(rows)._id);
      for (const id of chosen) {
        const preview = await send(
          `${options.url}/api/applications/${id}/pdf?purpose=preview`,
          { headers: admin },
          [200, 404],
        );
        if (preview?.status === 200) counts.previewed++;
      }
      if (chosen[0]) {
        const deleted = await send(
          `${options.url}/api/applications/${chosen[0]}`,
          { method: 'DELETE', headers: admin },
          [200, 404],
        );
        if (deleted?.status === 200) counts.deleted++;
      }
    }
    await sleep(options.adminPauseMs);
  }
}

const began = performance.now();
const ends = began + options.seconds * 1000;
await Promise.all([administrator(ends), ...Array.from({ length: options.visitors }, () => visitor(ends))]);
console.info(
  JSON.stringify({
    ...counts,
    elapsedMs: performance.now() - began,
    lastListBytes: listBytes,
    firstFailures: failures,
    addressesUsed: nextAddress - options.firstAddress,
  }),
);
