/**
 * The server for a browser test that moves time (tests/e2e/fixtures.ts, `ownServer` with
 * `clock`): the real `startServer`, configured from the environment as the built entry is, with
 * a clock that runs ahead of the real one by the milliseconds written in TEST_CLOCK_FILE
 * (nothing there: the real time). Test-only: the product's configuration has no clock to set.
 * tests/e2e/global-setup.ts bundles it as the build bundles the server, and runs the bundle.
 */
import { readFileSync } from 'node:fs';
import { loadConfig } from '../../src/server/config';
import { keepNewFilesPrivate } from '../../src/server/db/private-files';
import { startServer } from '../../src/server/root/start-server';

keepNewFilesPrivate();
const clockFile = process.env.TEST_CLOCK_FILE;
if (!clockFile) throw new Error('TEST_CLOCK_FILE must name the file that holds the clock’s shift');

/** How far ahead of the real time the server's clock runs, read at every use so a test moves it. */
const shiftMs = (): number => {
  try {
    return Number(readFileSync(clockFile, 'utf8')) || 0;
  } catch {
    return 0;
  }
};

const server = await startServer(loadConfig(), { now: () => new Date(Date.now() + shiftMs()) });
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    server
      .close()
      .then(() => process.exit(0))
      .catch(() => process.exit(1));
  });
}
