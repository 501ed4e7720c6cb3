import { describe, expect, it } from 'vitest';
import { describeAdminCallMatrix, matrix } from '../../support/admin-call-matrix';
import { codeAt } from '../../support/accounts';
import { messages } from '../../../src/shared/messages';

/**
 * Every signed-in account call (the account screen's), refused to every credential that is not an
 * administrator's (or a team member's: tests/server/team/team-authorization.test.ts) now, in the
 * account's current token generation. The set-up and activation of a second factor are tried
 * without a login challenge: with none, they are account calls like the rest.
 */
describeAdminCallMatrix(
  [
    { name: 'GET /auth/account', method: 'GET', path: () => '/auth/account' },
    {
      name: 'POST /auth/change-password',
      method: 'POST',
      path: () => '/auth/change-password',
      body: () => ({ currentPassword: 'admin-password', newPassword: 'lantern-orchard-velvet-42' }),
    },
    { name: 'POST /auth/sign-out-everywhere', method: 'POST', path: () => '/auth/sign-out-everywhere' },
    {
      name: 'POST /auth/two-factor/setup',
      method: 'POST',
      path: () => '/auth/two-factor/setup',
      body: () => ({ password: 'admin-password' }),
    },
    {
      name: 'POST /auth/two-factor/enable',
      method: 'POST',
      path: () => '/auth/two-factor/enable',
      body: () => ({ code: '123456', password: 'admin-password' }),
    },
    {
      name: 'DELETE /auth/two-factor',
      method: 'DELETE',
      path: () => '/auth/two-factor',
      body: () => ({ password: 'admin-password' }),
    },
  ],
  { forbidden: messages.staffRequired },
);

describe('the same calls with a valid administrator token', () => {
  it('are answered (the refusals above are about the credential, not the calls)', async () => {
    const { server, adminToken: token } = matrix;
    expect((await server.api('GET', '/auth/account', { token })).status).toBe(200);
    const setup = await server.api('POST', '/auth/two-factor/setup', {
      token,
      body: { password: 'admin-password' },
    });
    expect(setup.status).toBe(200);
    const enabled = await server.api('POST', '/auth/two-factor/enable', {
      token,
      body: { code: codeAt(setup.body.secret), password: 'admin-password' },
    });
    expect(enabled.status).toBe(200);
    const removed = await server.api('DELETE', '/auth/two-factor', {
      token,
      body: { password: 'admin-password' },
    });
    expect(removed.status).toBe(200);
    const again = await server.api('POST', '/auth/sign-out-everywhere', { token: removed.body.token });
    expect(again.status).toBe(200);
  });
});
