// Measures the server's start and CV intake times on the embedded defaults (PGlite, CV files):
//   (a) start: wall time from spawning dist/server/main.js to the first 200 from GET /api/all,
//       3 runs each on a fresh data folder (PGlite creates its database) and on an existing one
//       (a restart), median; with the CPU time the process used to get there (Linux);
//   (b) accept: POST /api/applications with a 5 MiB PDF, 10 times in a row on loopback: median
//       and p90 of the round trip, and of the server's own response time from its request log.
// Run after `node scripts/build-server.mjs` (`npm run measure:server` does both).
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './bench/free-port.mjs';
import { pdfOfSize } from './bench/pdf-of-size.mjs';
import { quantile, sleep } from './bench/stats.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const entry = path.join(root, 'dist', 'server', 'main.js');
const START_RUNS = 3;
const ACCEPT_RUNS = 10;
const CV_BYTES = 5 * 1024 * 1024;
const ADMIN = { email: 'measure@example.com', password: 'measure-password' };

if (!existsSync(entry)) {
  console.error('dist/server/main.js is missing: run `node scripts/build-server.mjs` first.');
  process.exit(1);
}

const ms = (value) => `${value.toFixed(1)} ms`;

/** CPU seconds (user + system) a process has used so far, from /proc; undefined elsewhere. */
function cpuSeconds(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return undefined;
  }
}

/** Spawns the built server (on a fresh data folder unless one is given); resolves once GET /api/all answers 200. */
async function startServer(extraEnv = {}, existingDataDir = undefined) {
  const dataDir = existingDataDir ?? mkdtempSync(path.join(os.tmpdir(), 'careers-measure-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const began = performance.now();
  const child = spawn(process.execPath, [entry], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SMTP_URL: '',
      LOG_LEVEL: 'warn',
      ...extraEnv,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout.on('data', (chunk) => (log += chunk));
  child.stderr.on('data', (chunk) => (log += chunk));
  let exited = false;
  const gone = new Promise((resolve) =>
    child.once('exit', () => {
      exited = true;
      resolve();
    }),
  );
  for (;;) {
    if (exited) throw new Error(`the server exited before answering:\n${log}`);
    try {
      const response = await fetch(`${url}/api/all`);
      if (response.status === 200) {
        await response.arrayBuffer();
        break;
      }
    } catch {
      // not listening yet
    }
    if (performance.now() - began > 60_000) throw new Error(`no answer within 60 s:\n${log}`);
    await sleep(10);
  }
  const startMs = performance.now() - began;
  return {
    url,
    dataDir,
    startMs,
    startCpu: cpuSeconds(child.pid),
    log: () => log,
    async stop({ keepData = false } = {}) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await gone;
      clearTimeout(timer);
      if (!keepData) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function json(url, method, body, token) {
  const response = await fetch(url, {
    method,
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined };
}

console.info(
  `node ${process.version}, ${os.cpus().length} cores, load average ${os.loadavg()[0].toFixed(2)}`,
);

// (a) Start time: fresh data folders (PGlite creates its database), then restarts on one of them.
const cpu = (value) => (value === undefined ? '' : `, CPU ${value.toFixed(2)} s`);
for (const kind of ['a fresh data folder', 'an existing data folder']) {
  const starts = [];
  let kept;
  if (kind === 'an existing data folder') {
    const first = await startServer();
    await first.stop({ keepData: true });
    kept = first.dataDir;
  }
  for (let run = 1; run <= START_RUNS; run++) {
    const server = await startServer({}, kept);
    starts.push(server.startMs);
    console.info(`start run ${run} (${kind}): ${ms(server.startMs)}${cpu(server.startCpu)}`);
    await server.stop({ keepData: run < START_RUNS && kept !== undefined });
  }
  console.info(
    `start on ${kind} (spawn -> first 200 on /api/all): median ${ms(quantile(starts, 0.5))} (target <= 3000 ms)`,
  );
}

// (b) Accepting a 5 MiB CV. Request logging (debug) gives the server's own response time.
const server = await startServer({
  ADMIN_EMAIL: ADMIN.email,
  ADMIN_PASSWORD: ADMIN.password,
  RATE_LIMIT_APPLICATIONS_PER_MINUTE: '1000',
  LOG_LEVEL: 'debug',
});
try {
  const login = await json(`${server.url}/api/login`, 'POST', ADMIN);
  if (login.status !== 200) throw new Error(`login failed: ${login.status}`);
  const job = await json(
    `${server.url}/api/post`,
    'POST',
    {
      jobTitle: 'Measurement',
      location: 'Northampton',
      hours: 'Full time',
      ctc: '£1',
      experience: 'None',
      description: 'Measuring the time to accept a CV.',
      responsibilities: [],
      requirements: [],
    },
    login.body.token,
  );
  if (job.status !== 201) throw new Error(`job creation failed: ${job.status}`);
  const pdf = await pdfOfSize(CV_BYTES);
  const body = JSON.stringify({
    name: 'Measure Applicant',
    email: 'applicant@example.com',
    phone: '07700 900123',
    about: 'Cover letter.',
    jobId: job.body.insertedId,
    pdfFile: `data:application/pdf;base64,${pdf.toString('base64')}`,
  });
  console.info(`CV ${pdf.length} bytes, request body ${Buffer.byteLength(body)} bytes`);

  // One warm-up request (JIT, first file in the folder), not counted.
  const warmUp = await json(`${server.url}/api/applications`, 'POST', body);
  if (warmUp.status !== 201)
    throw new Error(`warm-up failed: ${warmUp.status} ${JSON.stringify(warmUp.body)}`);

  const roundTrips = [];
  for (let run = 0; run < ACCEPT_RUNS; run++) {
    const began = performance.now();
    const answer = await json(`${server.url}/api/applications`, 'POST', body);
    roundTrips.push(performance.now() - began);
    if (answer.status !== 201)
      throw new Error(`run ${run + 1}: ${answer.status} ${JSON.stringify(answer.body)}`);
  }
  await sleep(200);
  const serverTimes = server
    .log()
    .split('\n')
    .filter((line) => line.includes('"responseTime"'))
    .map((line) => JSON.parse(line))
    .filter((entry) => entry.res?.statusCode === 201 && entry.responseTime > 0)
    .map((entry) => entry.responseTime)
    .slice(-ACCEPT_RUNS);

  console.info(`accept round trips: ${roundTrips.map((value) => value.toFixed(0)).join(', ')} ms`);
  console.info(
    `accept 5 MiB CV (round trip on loopback): median ${ms(quantile(roundTrips, 0.5))}, ` +
      `p90 ${ms(quantile(roundTrips, 0.9))} (target <= 250 ms)`,
  );
  if (serverTimes.length === ACCEPT_RUNS) {
    console.info(
      `accept 5 MiB CV (server responseTime): median ${ms(quantile(serverTimes, 0.5))}, ` +
        `p90 ${ms(quantile(serverTimes, 0.9))}`,
    );
  }
} finally {
  await server.stop();
}
