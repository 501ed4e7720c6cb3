// The hiring reports' calls over 100,000 hiring facts (docs/behaviour.md#reports), on PGlite and on
// PostgreSQL (a throwaway database on the local cluster, dropped after, when it answers):
// reports-run.ts seeds the facts with the server's own code and times each call through the app.
// Target: every call answered within 200 ms (the median of ten, after two to warm up).
import path from 'node:path';
import { createScratchDatabase } from '../../tests/support/postgres.ts';
import { runForJson } from './lifecycle.mjs';
import { LOCAL_POSTGRES } from './measure-idle-rss.mjs';
import { root } from './product-server.mjs';

export const REPORTS_TARGET_MS = 200;

function run(dataDir, facts, databaseUrl) {
  const script = path.join(root, 'scripts', 'bench', 'reports-run.ts');
  const args = ['--import', 'tsx', script, dataDir, String(facts), ...(databaseUrl ? [databaseUrl] : [])];
  return runForJson(process.execPath, args, { what: 'the reports run', cwd: root, stderr: 'inherit' });
}

/** Both engines' measurements; PostgreSQL's undefined when no local cluster answers. */
export async function measureReports({ workDir, facts, baseUrl = LOCAL_POSTGRES }) {
  const pglite = await run(path.join(workDir, 'reports-pglite'), facts);
  const database = await createScratchDatabase(baseUrl).catch(() => undefined);
  let postgres;
  if (database) {
    try {
      postgres = await run(path.join(workDir, 'reports-pg'), facts, database.url);
    } finally {
      await database.drop();
    }
  }
  return { pglite, postgres };
}

/** One row per engine: the slowest call's median, every call's in the details. */
export function reportsRows({ pglite, postgres }, facts) {
  const row = (engine, measured) => {
    const metric = `hiring reports over ${facts.toLocaleString('en-GB')} facts, ${engine}: slowest call (median of 10)`;
    const target = `<= ${REPORTS_TARGET_MS} ms each`;
    if (!measured) return { metric, product: 'not measured: no PostgreSQL', target };
    const slowest = measured.calls.reduce((a, b) => (b.medianMs > a.medianMs ? b : a));
    return {
      metric,
      product: `${slowest.medianMs.toFixed(0)} ms (${slowest.call})`,
      target,
      met: measured.calls.every((call) => call.medianMs <= REPORTS_TARGET_MS),
      details: measured,
    };
  };
  return { 'reports-pglite': row('PGlite', pglite), 'reports-postgres': row('PostgreSQL', postgres) };
}
