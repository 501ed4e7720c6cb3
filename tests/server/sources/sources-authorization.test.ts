import { describe, expect, it } from 'vitest';
import { describeAdminCallMatrix, matrix } from '../../support/admin-call-matrix';

/**
 * The tracking links' calls (their QR codes are in the team's authorization test), refused to every credential that is not an administrator's now: the
 * hiring team included. A referral link names an employee (docs/security.md#sources).
 */
const LINK = '00000000-0000-4000-8000-000000000002';
describeAdminCallMatrix([
  { name: 'GET /tracking-links', method: 'GET', path: () => '/tracking-links' },
  {
    name: 'POST /tracking-links',
    method: 'POST',
    path: () => '/tracking-links',
    body: () => ({ kind: 'referral', name: 'Matrix Employee' }),
  },
  { name: 'POST /tracking-links/:id/archive', method: 'POST', path: () => `/tracking-links/${LINK}/archive` },
]);

describe('the same calls with a valid administrator token', () => {
  it('are answered (the refusals above are about the credential, not the calls)', async () => {
    const { server, adminToken: token } = matrix;
    expect((await server.api('GET', '/tracking-links', { token })).body).toEqual([]);
    expect((await server.api('GET', `/tracking-links/${LINK}/qr.png`, { token })).status).toBe(404);
  });
});
