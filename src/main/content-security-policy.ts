import { originOf } from './ipc/trusted-sender';

/** The console's CSP: its own code only, and network access to the configured careers server. */
export function contentSecurityPolicy(apiServerUrl: string): string {
  const api = originOf(apiServerUrl) ?? '';
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    `connect-src 'self' ${api}`.trim(),
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}
