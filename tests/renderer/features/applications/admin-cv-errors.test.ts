import { afterEach, describe, expect, it, vi } from 'vitest';
import { messages } from '../../../../src/shared/messages';
import { createAppStore } from '../../../../src/renderer/store/store';
import { applicationAdminApi } from '../../../../src/renderer/entities/application-admin-api';
import { cvBytesFromDataUrl } from '../../../../src/renderer/features/applications/cv-bytes';
import { cvLoadErrorMessage } from '../../../../src/renderer/features/applications/cv-error';
import { jsonResponse, memoryPlatform } from '../../support/test-utils';

afterEach(() => vi.unstubAllGlobals());

describe('the CV popup text by cause', () => {
  it.each([
    [{ status: 404, data: { message: 'PDF file not found.' } }, messages.cvFetchNotFound],
    [{ status: 413, data: { message: 'too big' } }, messages.cvFetchTooLarge],
    [{ status: 'CUSTOM_ERROR', error: 'larger than 10 MiB' }, messages.cvFetchTooLarge],
    [{ status: 'TIMEOUT_ERROR', error: 'AbortError' }, messages.cvFetchTimeout],
    [{ status: 500, data: { message: 'boom' } }, messages.cvFetchFailed],
    [{ status: 'FETCH_ERROR', error: 'offline' }, messages.cvFetchFailed],
    [new Error('not a PDF data URL'), messages.cvFetchFailed],
  ])('%j → %s', (error, text) => {
    expect(cvLoadErrorMessage(error)).toBe(text);
  });

  it('maps what the real base query returns for a 404, a 413 and an answer above 10 MiB', async () => {
    const { platform } = memoryPlatform('token');
    const store = createAppStore(platform);
    const answers = [
      jsonResponse(404, { message: messages.cvMissing }),
      jsonResponse(413, { message: 'too large' }),
      new Response('x', { status: 200, headers: { 'content-length': String(11 * 1024 * 1024) } }),
    ];
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answers.shift()!),
    );
    const texts: string[] = [];
    for (let attempt = 0; attempt < 3; attempt++) {
      const result = await store.dispatch(
        applicationAdminApi.endpoints.getApplicationCv.initiate({ id: 'id', purpose: 'preview' }),
      );
      texts.push(cvLoadErrorMessage(result.error));
    }
    expect(texts).toEqual([messages.cvFetchNotFound, messages.cvFetchTooLarge, messages.cvFetchTooLarge]);
  });
});

describe('cvBytesFromDataUrl', () => {
  it('decodes the data URL once, also in steps for large files, and refuses anything but a PDF', async () => {
    const small = new Uint8Array([37, 80, 68, 70, 45, 49, 46, 55]);
    const encode = (bytes: Uint8Array) =>
      `data:application/pdf;base64,${Buffer.from(bytes).toString('base64')}`;
    expect(await cvBytesFromDataUrl(encode(small))).toEqual(small);

    // jsdom's atob is plain JavaScript and slow on megabytes; browsers have a native one.
    vi.stubGlobal('atob', (text: string) => Buffer.from(text, 'base64').toString('latin1'));
    const large = new Uint8Array(3 * 1024 * 1024 + 5).map((_, index) => index % 251);
    const decoded = await cvBytesFromDataUrl(encode(large));
    expect(Buffer.compare(Buffer.from(decoded), Buffer.from(large))).toBe(0);

    await expect(cvBytesFromDataUrl('data:image/png;base64,AAAA')).rejects.toThrow();
  });
});
