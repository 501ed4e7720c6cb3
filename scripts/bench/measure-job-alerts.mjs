// One daily job-alert run over 100,000 confirmed alerts and 50 new jobs (docs/operations.md#job-alerts):
// job-alert-run.ts does it with the server's own code on a data folder of its own, and answers
// the run's wall-clock and CPU seconds and what it queued. Target: within 60 s.
import path from 'node:path';
import { runForJson } from './lifecycle.mjs';
import { root } from './product-server.mjs';

export const JOB_ALERTS_TARGET_SECONDS = 60;

export function measureJobAlerts({ workDir, alerts, jobs }) {
  const script = path.join(root, 'scripts', 'bench', 'job-alert-run.ts');
  const dataDir = path.join(workDir, 'job-alerts-data');
  return runForJson(process.execPath, ['--import', 'tsx', script, dataDir, String(alerts), String(jobs)], {
    what: 'the job-alert run',
    cwd: root,
    stderr: 'inherit',
  });
}

/** The benchmark's row: the run's wall-clock time against the target, every alert taken. */
export function jobAlertsRow(measured) {
  const complete = measured.alerts === measured.expectedAlerts && measured.emails === measured.queued;
  return {
    metric: `job-alert run: ${measured.expectedAlerts.toLocaleString('en-GB')} confirmed daily alerts, ${measured.jobs} new jobs`,
    product: complete
      ? `${measured.runSeconds.toFixed(1)} s (${measured.runCpuSeconds.toFixed(1)} s CPU, ${measured.emails} e-mails queued)`
      : `INVALID: ${measured.alerts} alerts taken, ${measured.queued} of ${measured.emails} e-mails queued`,
    target: `<= ${JOB_ALERTS_TARGET_SECONDS} s`,
    met: complete && measured.runSeconds <= JOB_ALERTS_TARGET_SECONDS,
    details: measured,
  };
}
