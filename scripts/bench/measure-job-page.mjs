// A job's page (/apply/:id), where Google for Jobs sends people: Lighthouse mobile (as for `/`,
// measure-lighthouse.mjs) must find the job's title or description as its largest contentful
// paint, and a browser with JavaScript off must show both, since the server draws the page.
import { chromium } from '@playwright/test';
import { measureLighthouse } from './measure-lighthouse.mjs';

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

/** Whether the LCP element Lighthouse names is the job's title or its description. */
function isJobText(element, job) {
  if (!element) return false;
  const text = `${element.label} ${element.snippet}`;
  return text.includes(job.jobTitle) || text.includes(job.description.slice(0, 40));
}

/** What a visitor with JavaScript off gets: the title and the description, in the page's root. */
async function readableWithoutScript(url, job, executablePath) {
  const browser = await chromium.launch({
    executablePath,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
  });
  try {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    const response = await page.goto(url);
    const root = page.locator('#root');
    const text = (await root.count()) ? await root.innerText() : '';
    return {
      status: response?.status(),
      title: text.includes(job.jobTitle),
      description: text.includes(job.description.slice(0, 40)),
    };
  } finally {
    await browser.close();
  }
}

export async function measureJobPage({ baseUrl, job, workDir, runs, executablePath }) {
  const url = `${baseUrl}/apply/${job._id}`;
  const lighthouse = await measureLighthouse(url, workDir, runs);
  const lcpRuns = lighthouse.runs.map((run) => run.lcpMs);
  const lcpMs = median(lcpRuns);
  const lcpElement = lighthouse.runs.find((run) => run.lcpMs === lcpMs)?.lcpElement ?? lighthouse.lcpElement;
  const lcpIsJob = lighthouse.runs.every((run) => isJobText(run.lcpElement, job));
  const noScript = await readableWithoutScript(url, job, executablePath);
  const readable = noScript.status === 200 && noScript.title && noScript.description;
  const runsText = lcpRuns.map((ms) => (ms / 1000).toFixed(2)).join(', ');
  return {
    product:
      `LCP ${(lcpMs / 1000).toFixed(2)} s (runs: ${runsText}), LCP element: ` +
      `${lcpElement ? JSON.stringify(lcpElement.label.slice(0, 60)) : 'none'}` +
      `${lcpIsJob ? '' : ' (NOT the job)'}, no script: ${readable ? 'title and description shown' : 'NOT READABLE'}`,
    met: lcpMs <= 1500 && lcpIsJob && readable,
    details: { url, lcpMs, lcpRuns, lcpElement, lcpIsJob, noScript, lighthouse },
  };
}
