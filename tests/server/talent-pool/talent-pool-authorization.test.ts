import { describe, expect, it } from 'vitest';
import { describeAdminCallMatrix, matrix } from '../../support/admin-call-matrix';

/**
 * The talent pool's administrators' calls, refused to every credential that is not an
 * administrator's now: the hiring team included (docs/security.md#the-talent-pool).
 */
const MEMBER = '00000000-0000-4000-8000-000000000001';
describeAdminCallMatrix([
  { name: 'GET /talent-pool/members', method: 'GET', path: () => '/talent-pool/members' },
  {
    name: 'POST /talent-pool/members/:id/invite',
    method: 'POST',
    path: () => `/talent-pool/members/${MEMBER}/invite`,
    body: () => ({ jobId: matrix.jobId }),
  },
]);

describe('the same calls with a valid administrator token', () => {
  it('are answered (the refusals above are about the credential, not the calls)', async () => {
    const { server, adminToken: token } = matrix;
    expect((await server.api('GET', '/talent-pool/members', { token })).body).toEqual([]);
    const tags = await server.api('PUT', `/talent-pool/members/${MEMBER}/tags`, {
      token,
      body: { tags: [] },
    });
    expect(tags.status).toBe(404);
  });
});
