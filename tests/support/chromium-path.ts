import { existsSync } from 'node:fs';
import { chromium } from '@playwright/test';

/**
 * Which Chromium the browser tests drive: `CHROMIUM_PATH` when set; else Playwright's own build
 * when `npx playwright install chromium` has put it in place (undefined: Playwright finds it);
 * else the system's `/usr/bin/chromium` (Debian's package, which CI installs because Playwright
 * cannot download its own there).
 */
export function chromiumExecutablePath(): string | undefined {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  if (existsSync(chromium.executablePath())) return undefined;
  return existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined;
}
