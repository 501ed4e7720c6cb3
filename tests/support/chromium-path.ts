import { existsSync } from 'node:fs';
import { chromium } from '@playwright/test';

/**
 * Which Chromium drives a page: `CHROMIUM_PATH` when set; else Playwright's own build when
 * `npx playwright install chromium` has put it in place (undefined: Playwright finds it); else
 * Debian's (CI installs it because Playwright cannot download its own there).
 *
 * The tests take Debian's `chromium-headless-shell`, the same Blink and V8 as its `chromium`
 * without the desktop browser around them: it is what Playwright itself runs for headless tests,
 * and it cost the end-to-end journeys about a third less CPU time (docs/testing.md#end-to-end-tests).
 * The benchmarks (`browser`) keep the whole browser, whose timings are the ones a person's
 * Chromium would show.
 */
export function chromiumExecutablePath(kind: 'tests' | 'browser' = 'tests'): string | undefined {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  if (existsSync(chromium.executablePath())) return undefined;
  const debian =
    kind === 'tests' ? ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'] : ['/usr/bin/chromium'];
  return debian.find((file) => existsSync(file));
}
