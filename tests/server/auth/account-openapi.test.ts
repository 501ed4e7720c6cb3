import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountEventKinds } from '../../../src/shared/auth/account-contract';
import { buildTestApp, type TestApp } from '../../support/build-app';

/** /api/docs documents every account call: its tag, summary, security, body and answers. */

let server: TestApp;
let docs: any;

beforeAll(async () => {
  server = await buildTestApp();
  const answer = await server.api('GET', '/docs');
  expect(answer.status).toBe(200);
  docs = answer.body;
});
afterAll(async () => {
  await server?.stop();
});

const bearer = [{ bearer: [] }];
const bearerOrChallenge = [{ bearer: [] }, {}];

const operations: Array<{
  path: string;
  method: string;
  body?: string[];
  security?: unknown;
  success: string;
  errors: string[];
}> = [
  {
    path: '/auth/change-password',
    method: 'post',
    body: ['currentPassword', 'newPassword'],
    security: bearer,
    success: '200',
    errors: ['400', '401', '403', '429'],
  },
  {
    path: '/auth/sign-out-everywhere',
    method: 'post',
    security: bearer,
    success: '200',
    errors: ['401', '403'],
  },
  { path: '/auth/account', method: 'get', security: bearer, success: '200', errors: ['401', '403'] },
  { path: '/auth/forgot-password', method: 'post', body: ['email'], success: '202', errors: ['400', '429'] },
  {
    path: '/auth/reset-password',
    method: 'post',
    body: ['token', 'newPassword'],
    success: '200',
    errors: ['400', '429'],
  },
  {
    path: '/auth/two-factor/setup',
    method: 'post',
    body: ['challenge', 'password'],
    security: bearerOrChallenge,
    success: '200',
    errors: ['401', '403', '409', '429'],
  },
  {
    path: '/auth/two-factor/enable',
    method: 'post',
    body: ['code', 'challenge', 'password'],
    security: bearerOrChallenge,
    success: '200',
    errors: ['400', '401', '403', '409', '429'],
  },
  {
    path: '/auth/two-factor',
    method: 'delete',
    body: ['password'],
    security: bearer,
    success: '200',
    errors: ['400', '401', '403', '429'],
  },
  {
    path: '/auth/two-factor/verify',
    method: 'post',
    body: ['challenge', 'code', 'recoveryCode'],
    success: '200',
    errors: ['400', '401', '403', '429'],
  },
];

describe('the OpenAPI document', () => {
  it.each(
    operations.map(
      (operation) => [`${operation.method.toUpperCase()} ${operation.path}`, operation] as const,
    ),
  )('documents %s', (_name, { path, method, body, security, success, errors }) => {
    const operation = docs.paths[path]?.[method];
    expect(operation).toBeDefined();
    expect(operation.tags).toEqual(['account']);
    expect(operation.summary).toEqual(expect.any(String));
    // A call open to anyone says so: no security at all (`[]`), not a missing field.
    expect(operation.security).toEqual(security ?? []);
    if (body) {
      const schema = operation.requestBody.content['application/json'].schema;
      expect(Object.keys(schema.properties).sort()).toEqual([...body].sort());
    } else {
      expect(operation.requestBody).toBeUndefined();
    }
    expect(Object.keys(operation.responses)).toEqual(expect.arrayContaining([success, ...errors]));
    expect(operation.responses[success].content['application/json'].schema).toBeDefined();
  });

  it('documents the login’s answers: the token, or a challenge for the second step', () => {
    const schema = docs.paths['/login'].post.responses['200'].content['application/json'].schema;
    const shapes = (schema.anyOf ?? schema.oneOf).map((shape: any) => Object.keys(shape.properties).sort());
    expect(shapes).toEqual([
      ['token'],
      ['challenge', 'twoFactorRequired'],
      ['challenge', 'twoFactorSetupRequired'],
    ]);
  });

  it('lists the kinds of account event', () => {
    const schema = docs.paths['/auth/account'].get.responses['200'].content['application/json'].schema;
    expect(schema.properties.events.items.properties.kind.enum).toEqual([...accountEventKinds]);
  });
});
