import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicationStages } from '../../../src/shared/applications/stage-contract';
import { replyKinds } from '../../../src/shared/applications/reply-contract';
import { startTestServer, type TestServer } from '../../support/test-server';

/** /api/docs documents every hiring call: its tag, summary, admin security, inputs and answers. */

let server: TestServer;
let docs: any;

beforeAll(async () => {
  server = await startTestServer();
  const answer = await server.api('GET', '/docs');
  expect(answer.status).toBe(200);
  docs = answer.body;
});
afterAll(async () => {
  await server?.stop();
});

const operations: Array<{
  path: string;
  method: string;
  params: string[];
  body?: string[];
  errors: string[];
}> = [
  {
    path: '/applications/{id}/stage',
    method: 'put',
    params: ['id'],
    body: ['stage', 'notify', 'reasonId', 'feedback'],
    errors: ['400', '401', '403', '404'],
  },
  {
    path: '/applications/stage',
    method: 'post',
    params: [],
    body: ['ids', 'stage', 'notify', 'reasonId', 'feedback'],
    errors: ['400', '401', '403'],
  },
  { path: '/applications/counts', method: 'get', params: [], errors: ['401', '403'] },
  {
    path: '/applications/{id}/reply/{kind}',
    method: 'get',
    params: ['id', 'kind'],
    errors: ['400', '401', '403', '404'],
  },
  { path: '/reply-templates', method: 'get', params: [], errors: ['401', '403'] },
  {
    path: '/reply-templates/{kind}',
    method: 'put',
    params: ['kind'],
    body: ['subject', 'body'],
    errors: ['400', '401', '403'],
  },
  { path: '/reply-templates/{kind}', method: 'delete', params: ['kind'], errors: ['400', '401', '403'] },
];

describe('the OpenAPI document', () => {
  it.each(
    operations.map(
      (operation) => [`${operation.method.toUpperCase()} ${operation.path}`, operation] as const,
    ),
  )('documents %s', (_name, { path, method, params, body, errors }) => {
    const operation = docs.paths[path]?.[method];
    expect(operation).toBeDefined();
    expect(operation.tags).toEqual([expect.stringMatching(/^(applications|replies)$/)]);
    expect(operation.summary).toEqual(expect.any(String));
    expect(operation.security).toEqual([{ bearer: [] }]);
    expect((operation.parameters ?? []).filter((p: any) => p.in === 'path').map((p: any) => p.name)).toEqual(
      params,
    );
    if (body) {
      const schema = operation.requestBody.content['application/json'].schema;
      expect(Object.keys(schema.properties).sort()).toEqual([...body].sort());
    } else {
      expect(operation.requestBody).toBeUndefined();
    }
    expect(Object.keys(operation.responses)).toEqual(expect.arrayContaining(['200', ...errors]));
    expect(operation.responses['200'].content['application/json'].schema).toBeDefined();
  });

  it('lists the stages and the kinds of reply a client may send', () => {
    const stage = docs.paths['/applications/{id}/stage'].put.requestBody.content['application/json'].schema;
    expect(stage.properties.stage.enum).toEqual([...applicationStages]);
    const kind = docs.paths['/reply-templates/{kind}'].put.parameters.find((p: any) => p.name === 'kind');
    expect(kind.schema.enum).toEqual([...replyKinds]);
    const counts = docs.paths['/applications/counts'].get.responses['200'].content['application/json'].schema;
    expect(Object.keys(counts.properties.byStage.properties)).toEqual([...applicationStages]);
  });
});
