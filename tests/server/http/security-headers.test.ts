import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerLog } from '../../support/answer-checks';
import { buildTestApp, type TestApp } from '../../support/build-app';

const { call, describeNoLeaks } = answerLog();

let server: TestApp;
beforeAll(async () => {
  server = await buildTestApp();
});
afterAll(async () => {
  await server?.stop();
});

describe('helmet headers', () => {
  it.each([
    ['a JSON answer', 'GET', '/api/all'],
    ['an error answer', 'GET', '/api/no-such-thing'],
    ['a refused admin call', 'GET', '/api/applications'],
  ])('are on %s', async (_label, method, pathname) => {
    const { headers } = await call(server, method, pathname);
    const csp = headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-eval');
    expect(headers.get('x-content-type-options')).toBe('nosniff');
    // No page may be framed, by any site: the old header says what the CSP's frame-ancestors says.
    expect(headers.get('x-frame-options')).toBe('DENY');
    expect(headers.get('referrer-policy')).toBe('no-referrer');
    expect(headers.get('strict-transport-security')).toMatch(/max-age=\d+/);
    expect(headers.get('cross-origin-opener-policy')).toBe('same-origin');
    expect(headers.get('cross-origin-resource-policy')).toBe('same-origin');
    expect(headers.get('x-powered-by')).toBeNull();
  });

  it('turn off the browser features the site never uses, and keep the clipboard it copies with', async () => {
    const { headers } = await call(server, 'GET', '/api/all');
    const policy = new Map(
      (headers.get('permissions-policy') ?? '').split(',').map((entry) => {
        const [feature, allow] = entry.trim().split('=');
        return [feature, allow] as const;
      }),
    );
    for (const feature of ['camera', 'microphone', 'geolocation', 'payment', 'usb', 'serial', 'hid', 'midi'])
      expect(policy.get(feature), feature).toBe('()');
    // The recovery codes' Copy button writes to the clipboard: never turned off.
    expect(policy.has('clipboard-write')).toBe(false);
  });
});

describeNoLeaks(2);
