// `npm run bench`: measures the product against the fastest plain way to do the same work, in
// one run: a plain node:http server serving the exact bytes the product answered (the ceiling
// for any Node server) and nginx serving them from disk (for context). Throughput comparisons run
// in alternating rounds and report medians, so noise on a shared machine hits every server alike.
// Prints one table and writes the same rows, with every round, to .bench/results.json.
// Exit status: 0 when everything was measured (missed targets included), 1 when the harness failed.
//
// Settings (environment): BENCH_ROUNDS (3, the CV intake's), BENCH_GET_ROUNDS (9, the GET
// comparisons'), BENCH_SECONDS per wrk run (3), BENCH_INTAKE_SECONDS
// per upload round (6), BENCH_LIGHTHOUSE_RUNS (3), BENCH_APPLICATIONS (10000), BENCH_UI_RUNS
// (3 navigations per admin screen), BENCH_QUIET_SECONDS (75, the quiet spell before the first
// request), BENCH_SEARCH_JOBS (1000 open jobs for the careers home's search), BENCH_SEARCH_REQUESTS
// (200 per searched page), BENCH_ALERTS (100000 confirmed job alerts for one run), BENCH_PIN=0 to not pin servers and load generators to separate CPUs,
// BENCH_SOAK_MINUTES (10; `--soak=hour` for 60), BENCH_SOAK_SEEDED (1000 applications stored before the soak),
// BENCH_SOAK_SNAPSHOTS=1 (heap snapshots at the soak's middle and end, compared; they raise its second half),
// BENCH_OLD_NODE (the Node.js 20 binary the memory comparison runs the same build on; /usr/bin/node
// when that is older than 24), BENCH_NODE_MEMORY_ROUNDS (2).
// `--build` rebuilds the product first.
// `--only=public-pages,quiet-first-request,job-search,node-memory,job-alerts,reports,api-all,intake,soak,admin-screens`
// measures only those rows (Lighthouse on About, Contact and the privacy notice; the first request
// after a quiet spell; filtered careers home pages with 1,000 open jobs; resident memory on this
// Node against Node 20; `GET /api/all` against the baselines; the CV intake and its peak RSS; the
// mixed soak's resident memory; the admin screens in Chromium with BENCH_APPLICATIONS applications).
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { chromiumExecutablePath } from '../../tests/support/chromium-path.ts';
import { startNginx, startPlainNode } from './baselines.mjs';
import { buildIfMissing } from './build-if-missing.mjs';
import { pinning, SERVER_CPU } from './cpu-pinning.mjs';
import { freePort } from './free-port.mjs';
import { BROWSER_ACCEPT_ENCODING, request, requestJson } from './http-client.mjs';
import { installCleanup, stopAll, tempDir, wasInterrupted } from './lifecycle.mjs';
import { measureAdminUi } from './measure-admin-ui.mjs';
import { measureApplicationList } from './measure-application-list.mjs';
import { measureCvIntake } from './measure-cv-intake.mjs';
import { measureContentWithoutScript, measureFirstLoadJs } from './measure-first-load-js.mjs';
import { measureGetThroughput } from './measure-get-throughput.mjs';
import { measureIdleRss, measureIdleRssPostgres } from './measure-idle-rss.mjs';
import { measureJobPage } from './measure-job-page.mjs';
import { jobSearchRows, measureJobSearch } from './measure-job-search.mjs';
import { jobAlertsRow, measureJobAlerts } from './measure-job-alerts.mjs';
import { measureReports, reportsRows } from './measure-reports.mjs';
import { measureSoak, soakMinutes, soakRow, soakTable, writeSoak } from './measure-soak.mjs';
import { chromePath, lighthouseAvailable, measureLighthouse } from './measure-lighthouse.mjs';
import { measureNodeMemory, NODE_MEMORY_POINTS, nodeMajor, nodeMemoryTable } from './measure-node-memory.mjs';
import { measureNpmStart } from './measure-npm-start.mjs';
import { measurePublicPages, PUBLIC_PAGES } from './measure-public-pages.mjs';
import { measureQuietFirstRequest, quietFirstRequestRow } from './measure-quiet-first-request.mjs';
import { minimalPdf, pdfOfSize } from './pdf-of-size.mjs';
import { procStatusBytes, resetPeakRss } from './proc-status.mjs';
import { adminToken, root, seedApplications, startProduct } from './product-server.mjs';
import { captureAnswer, writeReplay } from './replay.mjs';
import { formatTable, kb, mb, perSec, writeJson } from './report.mjs';
import { smapsBreakdown } from './smaps.mjs';
import { createJobPosts } from './seed-jobs.mjs';

const intEnv = (name, fallback) => {
  const value = Number(process.env[name] || fallback);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a positive whole number`);
  return value;
};

const settings = {
  rounds: intEnv('BENCH_ROUNDS', 3),
  // The GET comparisons: many short alternating rounds (see measure-get-throughput.mjs).
  getRounds: intEnv('BENCH_GET_ROUNDS', 9),
  wrkSeconds: intEnv('BENCH_SECONDS', 3),
  intakeSeconds: intEnv('BENCH_INTAKE_SECONDS', 6),
  lighthouseRuns: intEnv('BENCH_LIGHTHOUSE_RUNS', 3),
  uiRuns: intEnv('BENCH_UI_RUNS', 3),
  quietSeconds: intEnv('BENCH_QUIET_SECONDS', 75),
  applications: intEnv('BENCH_APPLICATIONS', 10_000),
  searchJobs: intEnv('BENCH_SEARCH_JOBS', 1000),
  searchRequests: intEnv('BENCH_SEARCH_REQUESTS', 200),
  alerts: intEnv('BENCH_ALERTS', 100_000),
  alertJobs: 50,
  reportFacts: intEnv('BENCH_REPORT_FACTS', 100_000),
  nodeMemoryRounds: intEnv('BENCH_NODE_MEMORY_ROUNDS', 2),
  soakSeeded: intEnv('BENCH_SOAK_SEEDED', 1000),
  soakSnapshots: process.env.BENCH_SOAK_SNAPSHOTS === '1',
  startRuns: 3,
  posts: 50,
  listRequests: 30,
  // wrk: one thread (it has one CPU), the same connections for the product and both baselines.
  wrkConnections: 16,
  // Fewer for the 7 MB CV answers: enough to keep a server busy without queueing seconds of bytes.
  cvAnswerConnections: 8,
  uploadConcurrency: 8,
  cvBytes: 5 * 1024 * 1024,
};

const KB = 1024;
/** Fastify's own benchmark puts it at about 0.9-1.0x of plain Node on a kept answer. */
const API_ALL_MINIMUM = 0.9;
const MB = 1024 * 1024;
const resultsFile = path.join(root, '.bench', 'results.json');
const hasCommand = (command, args) => !spawnSync(command, args, { stdio: 'ignore' }).error;

/** Seconds each part of the run took (in the JSON: what to shorten when the run gets long). */
const phases = {};
let phaseName;
let phaseBegan = performance.now();
const phase = (name) => {
  const now = performance.now();
  if (phaseName) phases[phaseName] = Math.round((now - phaseBegan) / 100) / 10;
  phaseName = name;
  phaseBegan = now;
};

/** One line of the table; `met` is true, false, 'INVALID' or undefined (nothing to compare). */
const rows = new Map();
const addRow = (id, row) => rows.set(id, { id, ...row });

/** "1234 req/s", or INVALID when a round had an error answer or a broken connection. */
const throughputCell = (summary, unit) =>
  summary
    ? summary.valid
      ? `${perSec(summary.requestsPerSec ?? summary.mibPerSec)} ${unit}`
      : `INVALID (${perSec(summary.requestsPerSec ?? summary.mibPerSec)} ${unit})`
    : undefined;

const ratioMet = (result, minimum) =>
  result.product.valid && result.plainNode.valid ? result.ratio >= minimum : 'INVALID';

/** The rows `--only=` may pick, each measured on a product of its own. */
const ONLY_ROWS = [
  'api-all',
  'intake',
  'public-pages',
  'quiet-first-request',
  'job-search',
  'node-memory',
  'job-alerts',
  'reports',
  'soak',
  'admin-screens',
];
const only = process.argv
  .find((arg) => arg.startsWith('--only='))
  ?.slice('--only='.length)
  .split(',')
  .filter(Boolean);

/**
 * Lighthouse on About, Contact and the privacy notice, in all four categories; a short run
 * (`--only`) takes the home page too, which the full run measures in a row of its own.
 */
async function addPublicPagesRow(baseUrl, work, pages = PUBLIC_PAGES) {
  const metric = `Lighthouse mobile for ${pages.join(', ')}`;
  const target = `100 in every category ×${settings.lighthouseRuns}, CLS 0`;
  if (!lighthouseAvailable()) {
    addRow('public-pages-lighthouse', {
      metric,
      product: `not measured: no Chromium at ${chromePath}`,
      target,
    });
    return;
  }
  console.info(`Lighthouse (mobile, four categories) on ${pages.join(', ')}`);
  const measured = await measurePublicPages({ baseUrl, workDir: work, runs: settings.lighthouseRuns, pages });
  addRow('public-pages-lighthouse', { metric, target, ...measured });
}

/**
 * The admin screens in Chromium with `stored` applications: the list's first rows, a search typed
 * into it, a bulk move and the dashboard's counts (docs/operations.md#benchmarks).
 */
async function addAdminScreensRows(url, token, storedCount) {
  const stored = storedCount.toLocaleString('en-GB');
  if (!existsSync(chromiumExecutablePath('browser') ?? chromium.executablePath())) {
    for (const id of ['ui-list', 'ui-search', 'ui-bulk', 'ui-dashboard'])
      addRow(id, {
        metric: `admin screens (${id})`,
        product: 'not measured: no Chromium',
        target: 'see docs',
      });
    return;
  }
  console.info(`admin screens in Chromium with ${stored} applications: list, search, bulk move, dashboard`);
  const ui = await measureAdminUi({ url, token, applications: settings.applications, runs: settings.uiRuns });
  addRow('ui-list', {
    metric: `/dashboard/applications (${stored} stored): first rows painted; DOM nodes`,
    product: `${Math.round(ui.list.firstRowsMs)} ms, ${ui.list.domNodes.toLocaleString('en-GB')} nodes (${ui.list.drawnRows} rows drawn)`,
    target: '<= 1.0 s, < 5,000 nodes',
    met: ui.list.firstRowsMs <= 1000 && ui.list.domNodes < 5000,
    details: ui.list,
  });
  addRow('ui-search', {
    metric:
      'typing a 15-character search: worst interaction (Event Timing); answer painted after the last key',
    product: `${Math.round(ui.typing.worstInteractionMs)} ms; ${Math.round(ui.typing.answerAfterLastKeyMs)} ms`,
    target: '<= 200 ms; <= 150 ms',
    met: ui.typing.worstInteractionMs <= 200 && ui.typing.answerAfterLastKeyMs <= 150,
    details: ui.typing,
  });
  const bulkValid = ui.bulk.selected === Math.ceil(settings.applications / 10);
  addRow('ui-bulk', {
    metric: `${ui.bulk.selected.toLocaleString('en-GB')} selected moved to Rejected (no e-mails) through the UI`,
    product: bulkValid
      ? `${Math.round(ui.bulk.confirmToDoneMs)} ms from the confirmation (${Math.round(ui.bulk.rejectButtonToDoneMs)} ms from the Reject button)`
      : `INVALID (${ui.bulk.selected} selected)`,
    target: '<= 2 s',
    met: bulkValid ? ui.bulk.confirmToDoneMs <= 2000 : 'INVALID',
    details: ui.bulk,
  });
  addRow('ui-dashboard', {
    metric: '/dashboard: stage counts shown',
    product: `${Math.round(ui.dashboard.countsShownMs)} ms`,
    target: '<= 500 ms',
    met: ui.dashboard.countsShownMs <= 500,
    details: ui.dashboard,
  });
}

/**
 * 50 job posts through the API and `settings.applications` applications with the product's own
 * code, in a new data folder; answers the folder and what was stored.
 */
async function seedProductData(work) {
  console.info(`seeding: ${settings.posts} job posts through the API, ${settings.applications} applications`);
  const dataDir = path.join(work, 'product-data');
  const product = await startProduct({ port: await freePort(), dataDir });
  await createJobPosts(product.url, await adminToken(product.url), settings.posts);
  await product.stop();
  const smallCvFile = path.join(work, 'small-cv.pdf');
  writeFileSync(smallCvFile, await minimalPdf());
  const seeded = await seedApplications(dataDir, settings.applications, smallCvFile);
  console.info(`  ${seeded.stored} applications stored in ${(seeded.ms / 1000).toFixed(1)} s`);
  return { dataDir, seeded };
}

/** The careers home's search with 1,000 open jobs, on a product of its own. */
async function addJobSearchRow(work) {
  console.info(
    `careers home search: ${settings.searchJobs} open jobs through the API, ${settings.searchRequests} requests a page`,
  );
  const measured = await measureJobSearch({
    workDir: work,
    cpu: SERVER_CPU,
    jobs: settings.searchJobs,
    requests: settings.searchRequests,
  });
  console.info(`  seeded in ${measured.seedSeconds.toFixed(1)} s`);
  for (const { problem } of [...measured.pages, measured.fresh])
    if (problem) console.warn(`  INVALID: ${problem}`);
  for (const [id, row] of Object.entries(jobSearchRows(measured))) addRow(id, row);
}

/** One daily job-alert run over 100,000 confirmed alerts and 50 new jobs, on data of its own. */
async function addJobAlertsRow(work) {
  console.info(
    `job alerts: one daily run over ${settings.alerts} confirmed alerts and ${settings.alertJobs} new jobs`,
  );
  const measured = await measureJobAlerts({
    workDir: work,
    alerts: settings.alerts,
    jobs: settings.alertJobs,
  });
  console.info(
    `  seeded in ${measured.seedSeconds.toFixed(1)} s, ran in ${measured.runSeconds.toFixed(1)} s`,
  );
  addRow('job-alerts-run', jobAlertsRow({ ...measured, expectedAlerts: settings.alerts }));
}

/** The hiring reports' calls over 100,000 facts, on PGlite and on PostgreSQL. */
async function addReportsRows(work) {
  console.info(`hiring reports: each call over ${settings.reportFacts} facts, PGlite then PostgreSQL`);
  const measured = await measureReports({ workDir: work, facts: settings.reportFacts });
  for (const [id, row] of Object.entries(reportsRows(measured, settings.reportFacts))) addRow(id, row);
}

/**
 * Resident memory under minutes of mixed traffic (measure-soak.mjs), on a product of its own: the
 * samples go to .bench/soak.json and their table is printed for docs/operations.md#memory.
 */
async function addSoakRow(work) {
  const minutes = soakMinutes();
  console.info(
    `soak: ${minutes} min of mixed traffic (6 visitors reading and applying, an administrator listing, previewing and deleting)`,
  );
  const measured = await measureSoak({
    workDir: work,
    cpu: SERVER_CPU,
    minutes,
    seeded: settings.soakSeeded,
    snapshots: settings.soakSnapshots,
  });
  const file = writeSoak(measured);
  soakSamplesTable = soakTable(measured.samples);
  console.info(`  samples in ${path.relative(root, file)}`);
  if (measured.growers) console.info('  top growers between the heap snapshots (middle → end):');
  for (const grower of measured.growers ?? [])
    console.info(
      `    ${grower.name}: ${kb(grower.sizeThen)} → ${kb(grower.sizeNow)} (${grower.countThen} → ${grower.countNow})`,
    );
  addRow('soak', soakRow(measured));
}

/** The soak's samples, printed under the main table. */
let soakSamplesTable;

/** The Node.js line the product ran on before 24: the memory comparison's reference. */
function olderNode() {
  const candidate = process.env.BENCH_OLD_NODE || '/usr/bin/node';
  const major = existsSync(candidate) ? nodeMajor(candidate) : undefined;
  return major !== undefined && major < 24 ? candidate : undefined;
}

/** The side-by-side table of the last memory comparison, printed under the main one. */
let nodeMemorySideBySide;

/**
 * Resident memory of the same build on this Node (through the product's entry, as `npm start`
 * runs it) and on Node 20 (the server module itself, as it ran before), in alternating rounds on
 * this machine: at each point, this Node must hold no more than Node 20 (docs/operations.md#memory).
 */
async function addNodeMemoryRows() {
  const reference = olderNode();
  const labels = Object.fromEntries(NODE_MEMORY_POINTS);
  if (!reference) {
    for (const [key] of NODE_MEMORY_POINTS)
      addRow(`node-memory-${key}`, {
        metric: `server RSS ${labels[key]}: this Node against Node 20`,
        product: 'not measured: no Node.js older than 24 (set BENCH_OLD_NODE)',
        target: '<= Node 20',
      });
    return;
  }
  console.info(
    `resident memory, the same build on ${process.version} and on ${reference} (${settings.nodeMemoryRounds} rounds each)`,
  );
  const [current, older] = await measureNodeMemory({
    specs: [process.execPath, reference],
    rounds: settings.nodeMemoryRounds,
  });
  for (const [key] of NODE_MEMORY_POINTS)
    addRow(`node-memory-${key}`, {
      metric: `server RSS ${labels[key]}: this Node against Node 20 (same build)`,
      product: `${mb(current.medians[key])} (${current.label})`,
      target: `<= ${mb(older.medians[key])} (${older.label})`,
      met: current.medians[key] <= older.medians[key],
      details: { [current.label]: current.rounds, [older.label]: older.rounds },
    });
  nodeMemorySideBySide = nodeMemoryTable([older, current]);
}

/**
 * The two baselines serving `answers` (captured from `product`), checked byte for byte against
 * them; the targets every throughput row measures, the product first.
 */
async function startBaselines({ answers, work, product, withNginx, headers }) {
  const replayDir = path.join(work, 'replay');
  const intakeDir = path.join(work, 'plain-node-cvs');
  mkdirSync(replayDir);
  mkdirSync(intakeDir);
  const replayFile = writeReplay(replayDir, answers, intakeDir);
  const plainNode = await startPlainNode({ replayFile, port: await freePort(), cpu: SERVER_CPU });
  const nginx = withNginx
    ? await startNginx({ replayFile, port: await freePort(), dir: path.join(work, 'nginx'), cpu: SERVER_CPU })
    : undefined;
  const targets = [
    { key: 'product', url: product.url, pid: product.pid },
    { key: 'plainNode', url: plainNode.url, pid: plainNode.pid },
    ...(nginx ? [{ key: 'nginx', url: nginx.url }] : []),
  ];
  await checkSameBytes(answers, targets.slice(1), headers);
  return { plainNode, targets };
}

/** One GET row: `urlPath` from every target with wrk, in alternating rounds. */
async function addGetRow({ id, urlPath, metric, minimum, headers, answers, targets }) {
  const answer = answers.find((entry) => entry.path === urlPath);
  console.info(`${metric} (${kb(answer.body.length)} a body)`);
  const result = await measureGetThroughput({
    path: urlPath,
    headers,
    targets,
    rounds: settings.getRounds,
    seconds: settings.wrkSeconds,
    connections: id === 'cv-answer' ? settings.cvAnswerConnections : settings.wrkConnections,
  });
  addRow(id, {
    metric,
    product: throughputCell(result.product, 'req/s'),
    plainNode: throughputCell(result.plainNode, 'req/s'),
    nginx: throughputCell(result.nginx, 'req/s'),
    ratio: result.ratio,
    target: `>= ${minimum}x plain node`,
    met: ratioMet(result, minimum),
    details: { bodyBytes: answer.body.length, headers: answer.headers, ...result },
  });
}

/** `cv-intake` and `peak-rss`: the peak counts from the intake's start (reset), not the server's. */
async function addIntakeRows({ product, plainNode, targets, cvFile, job }) {
  console.info(
    `CV intake: 5 MiB CVs, ${settings.uploadConcurrency} at a time, ${settings.intakeSeconds} s a round`,
  );
  const peakBeforeIntake = procStatusBytes(product.pid, 'VmHWM');
  // What the server held as the intake began, by kind of mapping: the earlier rows' share of the peak.
  const rssAtIntake = procStatusBytes(product.pid, 'VmRSS');
  const smapsAtIntake = smapsBreakdown(product.pid);
  const peakReset = resetPeakRss(product.pid) && resetPeakRss(plainNode.pid);
  const intake = await measureCvIntake({
    targets: targets.filter((target) => target.key !== 'nginx'),
    pdfFile: cvFile,
    jobId: job._id,
    jobTitle: job.jobTitle,
    rounds: settings.rounds,
    seconds: settings.intakeSeconds,
    concurrency: settings.uploadConcurrency,
  });
  const productPeak = procStatusBytes(product.pid, 'VmHWM');
  const plainNodePeak = procStatusBytes(plainNode.pid, 'VmHWM');
  addRow('cv-intake', {
    metric: 'CV intake, 5 MiB × 8 at a time, MiB/s accepted',
    product: throughputCell(intake.product, 'MiB/s'),
    plainNode: throughputCell(intake.plainNode, 'MiB/s'),
    nginx: 'n/a',
    ratio: intake.ratio,
    target: '>= 0.8x plain node',
    met: ratioMet(intake, 0.8),
    details: intake,
  });
  addRow('peak-rss', {
    metric: `server peak RSS ${peakReset ? 'during CV intake' : 'since start'}`,
    product: `${mb(productPeak)} (${mb(rssAtIntake)} as the intake began, ${mb(peakBeforeIntake)} at most before)`,
    plainNode: mb(plainNodePeak),
    target: '<= 250 MB',
    met: productPeak <= 250 * MB,
    details: {
      productPeak,
      peakBeforeIntake,
      rssAtIntake,
      smapsAtIntake,
      smapsAfterIntake: smapsBreakdown(product.pid),
      plainNodePeak,
      peakResetBeforeIntake: peakReset,
    },
  });
}

/**
 * `--only=api-all` and `--only=intake`: a product of their own with the 50 posts (no seeded
 * applications, no other rows before), against the plain Node server (and nginx for `/api/all`)
 * serving its captured `/api/all`.
 */
async function addShortThroughputRows(work) {
  console.info(`a product with ${settings.posts} job posts, and the baselines`);
  const product = await startProduct({
    port: await freePort(),
    dataDir: path.join(work, 'throughput-data'),
    cpu: SERVER_CPU,
  });
  await createJobPosts(product.url, await adminToken(product.url), settings.posts);
  const jobs = await requestJson(`${product.url}/api/all`);
  const browser = { 'accept-encoding': BROWSER_ACCEPT_ENCODING };
  const answers = [await captureAnswer(product.url, '/api/all', browser)];
  const withNginx = only.includes('api-all') && hasCommand('nginx', ['-v']);
  const { plainNode, targets } = await startBaselines({
    answers,
    work,
    product,
    withNginx,
    headers: browser,
  });
  if (only.includes('api-all')) {
    const metric = `GET /api/all (${jobs.length} posts), req/s`;
    await addGetRow({
      id: 'api-all',
      urlPath: '/api/all',
      metric,
      minimum: API_ALL_MINIMUM,
      headers: browser,
      answers,
      targets,
    });
  }
  if (only.includes('intake')) {
    const cvFile = path.join(work, 'cv-5mib.pdf');
    writeFileSync(cvFile, await pdfOfSize(settings.cvBytes));
    await addIntakeRows({ product, plainNode, targets, cvFile, job: jobs[0] });
  }
  await stopAll();
}

/** Only the rows `--only=` names, each on a product of its own (a short run on a shared machine). */
async function mainOnly() {
  installCleanup();
  const unknown = only.filter((id) => !ONLY_ROWS.includes(id));
  if (unknown.length > 0) throw new Error(`--only takes ${ONLY_ROWS.join(', ')}; not ${unknown.join(', ')}`);
  const began = performance.now();
  buildIfMissing({ force: process.argv.includes('--build') });
  const work = tempDir('careers-bench-');
  if (only.includes('quiet-first-request')) {
    console.info(`first request after ${settings.quietSeconds} s quiet`);
    const quiet = await measureQuietFirstRequest({
      workDir: work,
      cpu: SERVER_CPU,
      quietSeconds: settings.quietSeconds,
    });
    addRow('quiet-first-request', quietFirstRequestRow(quiet, settings.quietSeconds));
  }
  if (only.includes('job-search')) await addJobSearchRow(work);
  if (only.includes('node-memory')) await addNodeMemoryRows();
  if (only.includes('job-alerts')) await addJobAlertsRow(work);
  if (only.includes('reports')) await addReportsRows(work);
  if (only.includes('api-all') || only.includes('intake')) await addShortThroughputRows(work);
  if (only.includes('soak')) await addSoakRow(work);
  if (only.includes('admin-screens')) {
    const { dataDir, seeded } = await seedProductData(work);
    const product = await startProduct({ port: await freePort(), dataDir, cpu: SERVER_CPU });
    try {
      await addAdminScreensRows(product.url, await adminToken(product.url), seeded.stored);
    } finally {
      await product.stop();
    }
  }
  if (only.includes('public-pages')) {
    const product = await startProduct({
      port: await freePort(),
      dataDir: path.join(work, 'pages-data'),
      cpu: SERVER_CPU,
    });
    try {
      await createJobPosts(product.url, await adminToken(product.url), 3);
      await addPublicPagesRow(product.url, work, ['/', ...PUBLIC_PAGES]);
    } finally {
      await product.stop();
    }
  }
  console.info(`\n${formatTable([...rows.values()])}\n`);
  if (nodeMemorySideBySide) console.info(`${nodeMemorySideBySide}\n`);
  if (soakSamplesTable) console.info(`${soakSamplesTable}\n`);
  // Beside the full run's file, not over it: the rows with their details.
  const onlyFile = path.join(root, '.bench', 'results-only.json');
  writeJson(onlyFile, {
    date: new Date().toISOString(),
    commit: gitCommit(),
    only,
    rows: [...rows.values()],
  });
  console.info(
    `${((performance.now() - began) / 60_000).toFixed(1)} minutes; every round in ${path.relative(root, onlyFile)}`,
  );
}

async function main() {
  if (only) return mainOnly();
  installCleanup();
  if (!hasCommand('wrk', ['-v'])) throw new Error('wrk is not installed (apt-get install wrk)');
  const withNginx = hasCommand('nginx', ['-v']);
  if (!withNginx) console.warn('nginx is not installed (apt-get install nginx): its column stays empty');

  const began = performance.now();
  const loadBefore = os.loadavg()[0];
  console.info(
    `careers-site benchmark: node ${process.version}, ${os.cpus().length} × ${os.cpus()[0]?.model}, ` +
      `load average ${loadBefore.toFixed(2)}; ${
        pinning ? `servers on CPU ${SERVER_CPU}, load generators on the other` : 'no CPU pinning'
      }`,
  );
  const built = buildIfMissing({ force: process.argv.includes('--build') });
  const work = tempDir('careers-bench-');

  // --- `npm start` on a fresh data folder (nothing else running yet).
  phase('npm start');
  console.info('npm start → first 200 on /api/all');
  const npmStart = await measureNpmStart(work, settings.startRuns);
  addRow('npm-start', {
    metric: '`npm start` (fresh data) → first 200 on /api/all',
    product: `${(npmStart.medianMs / 1000).toFixed(2)} s`,
    target: '<= 2.0 s',
    met: npmStart.medianMs <= 2000,
    details: npmStart,
  });

  // --- The same build on this Node and on Node 20, one server at a time (nothing else running).
  phase('node memory');
  await addNodeMemoryRows();

  // --- Resident memory at rest (three posts, `/` and `/api/all` served once), PGlite then PostgreSQL.
  phase('idle RSS');
  console.info('idle RSS: PGlite, then PostgreSQL when the local cluster answers');
  // Side by side: each waits for the server's quiet time (about 40 s) before reading its RSS, and
  // a third server waits out its quiet spell before its first request.
  const [idle, idlePg, quiet] = await Promise.all([
    measureIdleRss({ workDir: work, cpu: SERVER_CPU }),
    measureIdleRssPostgres({ workDir: work, cpu: SERVER_CPU }),
    measureQuietFirstRequest({ workDir: work, cpu: SERVER_CPU, quietSeconds: settings.quietSeconds }),
  ]);
  addRow('quiet-first-request', quietFirstRequestRow(quiet, settings.quietSeconds));
  addRow('idle-rss', {
    metric: 'server RSS at rest after start (PGlite, 3 posts, / and /api/all served)',
    product: mb(idle.productBytes),
    plainNode: mb(idle.plainNodeBytes),
    target: '<= 150 MB',
    met: idle.productBytes <= 150 * MB,
    details: idle,
  });
  addRow('idle-rss-pg', {
    metric: 'server RSS at rest after start (DATABASE_URL, PostgreSQL)',
    product: idlePg ? mb(idlePg.productBytes) : 'not measured: no PostgreSQL',
    target: '<= 100 MB',
    met: idlePg ? idlePg.productBytes <= 100 * MB : undefined,
    details: idlePg,
  });

  // --- The careers home's search with 1,000 open jobs (a product and data of its own).
  phase('job search');
  await addJobSearchRow(work);

  // --- One job-alert run over 100,000 alerts (data of its own).
  phase('job alerts');
  await addJobAlertsRow(work);
  await addReportsRows(work);

  // --- The product's data: 50 posts through the API, then 10,000 applications with its own code.
  phase('seeding');
  const { dataDir, seeded } = await seedProductData(work);

  const product = await startProduct({ port: await freePort(), dataDir, cpu: SERVER_CPU });
  const token = await adminToken(product.url);
  const jobs = await requestJson(`${product.url}/api/all`);
  if (jobs.length !== settings.posts)
    console.warn(`/api/all lists ${jobs.length} posts, not ${settings.posts}`);

  // --- The admin list with 10,000 applications (before any upload adds to them).
  phase('application list');
  console.info(
    `GET /api/applications with ${seeded.stored} stored, ${settings.listRequests} requests in a row`,
  );
  const list = await measureApplicationList({ url: product.url, token, requests: settings.listRequests });
  addRow('application-list', {
    metric: `GET /api/applications (${seeded.stored.toLocaleString('en-GB')} stored): p50`,
    product: list.allOk
      ? `${list.p50Ms.toFixed(1)} ms (p90 ${list.p90Ms.toFixed(1)} ms, ${kb(list.answerBytes)}${
          list.contentEncoding ? ` ${list.contentEncoding}` : ''
        }, ${list.noCvBytes ? 'no CV bytes' : 'HAS CV BYTES'})`
      : `INVALID (status ${list.statuses.join(', ')})`,
    target: 'p50 <= 50 ms, no CV bytes',
    met: list.allOk ? list.p50Ms <= 50 && list.noCvBytes : 'INVALID',
    details: list,
  });

  // --- The admin screens in Chromium with the same applications stored (before any upload adds to
  // them; the bulk move leaves a tenth of them Rejected, which nothing after reads).
  phase('admin screens');
  await addAdminScreensRows(product.url, token, seeded.stored);

  phase('baselines');
  // --- One 5 MiB CV for the answer comparison, then the answers both baselines replay.
  const cv = await pdfOfSize(settings.cvBytes);
  const cvFile = path.join(work, 'cv-5mib.pdf');
  writeFileSync(cvFile, cv);
  const { insertedId } = await requestJson(`${product.url}/api/applications`, {
    method: 'POST',
    // 127.0.0.2: an address no simulated visitor uses (see cv-upload-client.mjs).
    localAddress: '127.0.0.2',
    expect: 201,
    body: {
      name: 'Answer Applicant',
      email: 'answer-applicant@example.com',
      phone: '07700 900123',
      about: 'A CV to read back.',
      jobId: jobs[0]._id,
      jobTitle: jobs[0].jobTitle,
      pdfFile: `data:application/pdf;base64,${cv.toString('base64')}`,
    },
  });
  const browser = { 'accept-encoding': BROWSER_ACCEPT_ENCODING };
  const admin = { ...browser, authorization: `Bearer ${token}` };
  const cvAnswerPath = `/api/applications/${insertedId}/pdf`;
  const answers = [
    await captureAnswer(product.url, '/api/all', browser),
    await captureAnswer(product.url, '/', browser),
    await captureAnswer(product.url, cvAnswerPath, admin),
  ];
  const { plainNode, targets } = await startBaselines({ answers, work, product, withNginx, headers: admin });

  // --- GET throughput, product vs the same bytes from plain Node and nginx.
  const getRows = [
    ['api-all', '/api/all', `GET /api/all (${jobs.length} posts), req/s`, API_ALL_MINIMUM, browser],
    ['home', '/', 'GET / (home HTML), req/s', 0.8, browser],
    ['cv-answer', cvAnswerPath, '5 MiB CV answer (GET /api/applications/:id/pdf), req/s', 0.5, admin],
  ];
  for (const [id, urlPath, metric, minimum, headers] of getRows) {
    phase(id);
    await addGetRow({ id, urlPath, metric, minimum, headers, answers, targets });
  }

  // --- What a browser downloads for `/`, and what Lighthouse makes of it.
  phase('first-load JS');
  console.info('first-load JS for /');
  const bundle = await measureFirstLoadJs(product.url, path.join(root, 'dist', 'web'));
  const noScript = await measureContentWithoutScript(product.url, jobs);
  addRow('first-load-js', {
    metric: 'first-load JS for / (gzip)',
    product:
      `${kb(bundle.gzipBytes)} gzip, ${bundle.files.length} files (on the wire ${kb(bundle.wireBytes)}, ` +
      `encoding ${bundle.encodings.join('/')}), ${bundle.adminCode.length ? 'HAS ADMIN CODE' : 'no admin code'}; ` +
      `content without script: ${noScript.ok ? 'yes' : `no (${noScript.problems.join('; ')})`}`,
    target: '<= 40 KB, no admin code, content without script',
    met: bundle.gzipBytes <= 40 * KB && bundle.adminCode.length === 0 && noScript.ok,
    details: { ...bundle, withoutScript: noScript },
  });

  phase('lighthouse');
  if (lighthouseAvailable()) {
    console.info(`Lighthouse (mobile, performance) on / with ${chromePath}`);
    const lighthouse = await measureLighthouse(`${product.url}/`, work, settings.lighthouseRuns);
    const { runs } = lighthouse;
    const tbtMax = Math.max(...runs.map((run) => run.tbtMs));
    addRow('lighthouse', {
      metric: 'Lighthouse mobile performance for /',
      product:
        `${runs.map((run) => run.score).join(', ')}; TBT max ${Math.round(tbtMax)} ms; ` +
        `LCP ${runs.map((run) => (run.lcpMs / 1000).toFixed(2)).join(', ')} s`,
      target: `100 ×${settings.lighthouseRuns}, TBT <= 50 ms`,
      met: runs.every((run) => run.score === 100 && run.tbtMs <= 50),
      details: lighthouse,
    });
  } else {
    addRow('lighthouse', {
      metric: 'Lighthouse mobile performance for /',
      product: `not measured: no Chromium at ${chromePath}`,
      target: `100 ×${settings.lighthouseRuns}, TBT <= 50 ms`,
    });
  }

  phase('job page lighthouse');
  if (lighthouseAvailable()) {
    console.info(`Lighthouse (mobile, performance) on /apply/${jobs[0]._id}, and the page with no script`);
    const jobPage = await measureJobPage({
      baseUrl: product.url,
      job: jobs[0],
      workDir: work,
      runs: settings.lighthouseRuns,
      executablePath: chromiumExecutablePath('browser'),
    });
    addRow('job-page-lighthouse', {
      metric: 'Lighthouse mobile on a job page (/apply/:id)',
      target: 'LCP <= 1.5 s, readable with no script',
      ...jobPage,
    });
  }

  phase('public pages lighthouse');
  await addPublicPagesRow(product.url, work);

  // --- CV intake: peak RSS counts from here (reset), the figure is MiB of CVs accepted a second.
  phase('cv intake');
  await addIntakeRows({ product, plainNode, targets, cvFile, job: jobs[0] });

  await stopAll();

  // --- Minutes of mixed traffic on a product of its own, once the others are stopped.
  phase('soak');
  await addSoakRow(work);
  phase();
  const order = [
    'api-all',
    'home',
    'job-search',
    'job-search-new',
    'first-load-js',
    'lighthouse',
    'job-page-lighthouse',
    'public-pages-lighthouse',
    'quiet-first-request',
    'cv-intake',
    'peak-rss',
    'idle-rss',
    'idle-rss-pg',
    'soak',
    ...NODE_MEMORY_POINTS.map(([key]) => `node-memory-${key}`),
    'cv-answer',
    'application-list',
    'ui-list',
    'ui-search',
    'ui-bulk',
    'ui-dashboard',
    'npm-start',
  ];
  const ordered = order.filter((id) => rows.has(id)).map((id) => rows.get(id));
  console.info(`\n${formatTable(ordered)}\n`);
  if (nodeMemorySideBySide) console.info(`${nodeMemorySideBySide}\n`);
  if (soakSamplesTable) console.info(`${soakSamplesTable}\n`);
  const seconds = (performance.now() - began) / 1000;
  writeJson(resultsFile, {
    date: new Date().toISOString(),
    commit: gitCommit(),
    machine: {
      node: process.version,
      cpus: os.cpus().length,
      cpuModel: os.cpus()[0]?.model,
      loadAverageBefore: loadBefore,
      loadAverageAfter: os.loadavg()[0],
      pinning,
    },
    units: 'KB = 1024 bytes, MB = 1024² bytes, MiB/s of CV bytes; medians of the rounds',
    settings,
    build: built,
    seconds,
    phases,
    rows: ordered,
  });
  console.info(`${(seconds / 60).toFixed(1)} minutes; every round in ${path.relative(root, resultsFile)}`);
}

/** Every baseline must answer byte for byte what the product answered, or the comparison is void. */
async function checkSameBytes(answers, baselines, headers) {
  for (const baseline of baselines) {
    for (const answer of answers) {
      const got = await request(`${baseline.url}${answer.path}`, { headers });
      if (got.status !== answer.status || !got.body.equals(answer.body)) {
        throw new Error(`${baseline.key} does not serve the product's bytes for ${answer.path}`);
      }
    }
  }
}

function gitCommit() {
  try {
    const commit = execFileSync('git', ['rev-parse', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim();
    const dirty = execFileSync('git', ['status', '--porcelain'], { cwd: root, encoding: 'utf8' }).trim();
    return dirty ? `${commit} (with uncommitted changes)` : commit;
  } catch {
    return undefined;
  }
}

main().then(
  () => process.exit(0),
  async (error) => {
    // Stopped by Ctrl-C or SIGTERM: the signal handler ends the process once its children are gone.
    if (wasInterrupted()) return;
    console.error(`\nThe benchmark itself failed: ${error instanceof Error ? error.stack : error}`);
    if (rows.size > 0) console.error(`\nMeasured before the failure:\n${formatTable([...rows.values()])}`);
    await stopAll().catch(() => undefined);
    process.exit(1);
  },
);
