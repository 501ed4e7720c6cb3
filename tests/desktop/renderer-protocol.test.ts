import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createRendererHandler } from '../../src/main/renderer-protocol';

function rendererFolder() {
  const parent = mkdtempSync(path.join(os.tmpdir(), 'console-protocol-'));
  const dir = path.join(parent, 'renderer');
  mkdirSync(path.join(dir, 'assets'), { recursive: true });
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>Careers Console</title>');
  writeFileSync(path.join(dir, 'assets', 'index.js'), 'console.log(1)');
  // A file beside the renderer folder that must never be served.
  writeFileSync(path.join(parent, 'secret.txt'), 'secret');
  return dir;
}

describe('app:// renderer handler', () => {
  const serve = createRendererHandler(rendererFolder(), async () => 'https://careers.example.co.uk');

  it('serves the page with the CSP for the configured server, and scripts with their type', async () => {
    const page = await serve(new Request('app://careers-console/index.html'));
    expect(page.status).toBe(200);
    const csp = page.headers.get('content-security-policy')!;
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("connect-src 'self' https://careers.example.co.uk");
    expect(csp).toContain("object-src 'none'");
    expect(await page.text()).toContain('Careers Console');

    const root = await serve(new Request('app://careers-console/'));
    expect(root.headers.get('content-type')).toMatch(/^text\/html/);

    const script = await serve(new Request('app://careers-console/assets/index.js'));
    expect(script.headers.get('content-type')).toBe('text/javascript');
    expect(script.headers.get('content-security-policy')).toBeNull();
  });

  it('never serves anything outside the renderer folder', async () => {
    for (const url of [
      'app://careers-console/../secret.txt',
      'app://careers-console/%2e%2e/secret.txt',
      'app://careers-console/assets/..%2f..%2fsecret.txt',
      'app://careers-console/%E0%A4%A',
      'app://careers-console/missing.js',
    ]) {
      const response = await serve(new Request(url));
      expect(response.status, url).toBeGreaterThanOrEqual(400);
      expect(await response.text()).not.toContain('secret');
    }
  });
});
