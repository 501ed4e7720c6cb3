// The admin screens with the seeded applications stored, in Chromium through Playwright (see
// admin-ui-client.mjs, run pinned to the load generators' CPU like wrk).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromiumExecutablePath } from '../../tests/support/chromium-path.ts';
import { LOAD_CPU, onCpu } from './cpu-pinning.mjs';
import { spawnTracked } from './lifecycle.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));

export async function measureAdminUi({ url, token, applications, runs }) {
  const line = onCpu(LOAD_CPU, process.execPath, [
    path.join(here, 'admin-ui-client.mjs'),
    JSON.stringify({ url, token, applications, runs, executablePath: chromiumExecutablePath() }),
  ]);
  return new Promise((resolve, reject) => {
    const child = spawnTracked(line.command, line.args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.stderr.on('data', (chunk) => (err = (err + chunk).slice(-5000)));
    child.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`the admin screens client failed (${code}):\n${err}`));
      resolve(JSON.parse(out.trim().split('\n').at(-1)));
    });
  });
}
