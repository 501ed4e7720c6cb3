// The admin screens with the seeded applications stored, in Chromium through Playwright (see
// admin-ui-client.mjs, run pinned to the load generators' CPU like wrk).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromiumExecutablePath } from '../../tests/support/chromium-path.ts';
import { LOAD_CPU, onCpu } from './cpu-pinning.mjs';
import { runForJson } from './lifecycle.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));

export async function measureAdminUi({ url, token, applications, runs }) {
  const line = onCpu(LOAD_CPU, process.execPath, [
    path.join(here, 'admin-ui-client.mjs'),
    JSON.stringify({ url, token, applications, runs, executablePath: chromiumExecutablePath('browser') }),
  ]);
  return runForJson(line.command, line.args, { what: 'the admin screens client' });
}
