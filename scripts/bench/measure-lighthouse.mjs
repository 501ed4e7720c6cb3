// Lighthouse (npm `lighthouse`, Debian's Chromium): mobile form factor (its default, with its
// simulated slow 4G and 4x CPU slowdown), the performance category unless told others too. Several
// runs; the median run by score is reported, as Lighthouse's own variability guidance suggests.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { spawnTracked } from './lifecycle.mjs';
import { root } from './product-server.mjs';

export const chromePath = process.env.CHROME_PATH || '/usr/bin/chromium';
export const lighthouseAvailable = () => existsSync(chromePath);

const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
].join(' ');

function lighthouseOnce(url, outFile, categories) {
  const cli = path.join(root, 'node_modules', 'lighthouse', 'cli', 'index.js');
  const args = [
    cli,
    url,
    `--only-categories=${categories.join(',')}`,
    '--output=json',
    `--output-path=${outFile}`,
    `--chrome-flags=${CHROME_FLAGS}`,
    '--quiet',
    '--no-enable-error-reporting',
  ];
  return new Promise((resolve, reject) => {
    const child = spawnTracked(process.execPath, args, {
      env: { ...process.env, CHROME_PATH: chromePath },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let err = '';
    child.stderr.on('data', (chunk) => (err = (err + chunk).slice(-5000)));
    child.stdout.resume();
    child.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`lighthouse failed (${code}):\n${err}`));
      const report = JSON.parse(readFileSync(outFile, 'utf8'));
      if (report.runtimeError) return reject(new Error(`lighthouse: ${report.runtimeError.message}`));
      const audit = (id) => report.audits[id]?.numericValue;
      resolve({
        score: Math.round(report.categories.performance.score * 100),
        // Every category asked for, by its id (performance, accessibility, best-practices, seo).
        scores: Object.fromEntries(
          categories.map((id) => [id, Math.round((report.categories[id]?.score ?? 0) * 100)]),
        ),
        lcpMs: audit('largest-contentful-paint'),
        fcpMs: audit('first-contentful-paint'),
        tbtMs: audit('total-blocking-time'),
        cls: audit('cumulative-layout-shift'),
        speedIndexMs: audit('speed-index'),
        lcpElement: lcpElementOf(report),
        // What Lighthouse itself suggests, biggest estimated saving first.
        opportunities: Object.values(report.audits)
          .filter((entry) => entry.details?.type === 'opportunity' && (entry.numericValue ?? 0) > 0)
          .sort((a, b) => b.numericValue - a.numericValue)
          .map((entry) => `${entry.title} (~${Math.round(entry.numericValue)} ms)`),
        warnings: report.runWarnings,
      });
    });
  });
}

/**
 * The element Lighthouse took as the largest contentful paint: its text (label) and its markup.
 * Lighthouse 13 names it in its LCP breakdown insight (a node among the details' items); earlier
 * versions had an audit of its own for it, read too.
 */
function lcpElementOf(report) {
  const entries = ['lcp-breakdown-insight', 'largest-contentful-paint-element'].flatMap(
    (id) => report.audits[id]?.details?.items ?? [],
  );
  const node =
    entries.find((entry) => entry.type === 'node') ??
    entries.flatMap((entry) => entry.items ?? []).find((item) => item.node)?.node;
  return node
    ? { label: node.nodeLabel ?? '', snippet: node.snippet ?? '', selector: node.selector ?? '' }
    : undefined;
}

/**
 * Lighthouse sometimes loses its own trace of a page load (NO_NAVSTART, NO_FCP): that says
 * nothing about the page, so such a run is made again, twice at most, and the retries counted.
 */
async function lighthouseOnceWithRetry(url, outFile, categories) {
  for (let attempt = 1; ; attempt++) {
    try {
      const result = await lighthouseOnce(url, outFile, categories);
      return { ...result, retries: attempt - 1 };
    } catch (error) {
      if (attempt >= 3 || !/NO_NAVSTART|NO_FCP|trace/i.test(String(error))) throw error;
      console.warn(`  Lighthouse lost its trace (${String(error).split('\n')[1] ?? error}); running again`);
    }
  }
}

export async function measureLighthouse(url, workDir, runs, categories = ['performance']) {
  const results = [];
  for (let run = 1; run <= runs; run++) {
    const result = await lighthouseOnceWithRetry(
      url,
      path.join(workDir, `lighthouse-${run}.json`),
      categories,
    );
    console.info(
      `  Lighthouse run ${run}: ${result.score}, LCP ${(result.lcpMs / 1000).toFixed(2)} s, TBT ${Math.round(result.tbtMs)} ms`,
    );
    results.push(result);
  }
  const byScore = [...results].sort((a, b) => a.score - b.score || b.lcpMs - a.lcpMs);
  return { ...byScore[Math.floor((byScore.length - 1) / 2)], runs: results };
}
