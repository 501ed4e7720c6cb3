import { MAX_RESPONSE_BYTES } from '../../shared/limits';

export class ResponseTooLargeError extends Error {
  override name = 'ResponseTooLargeError';
  constructor(limit: number) {
    super(`The server's answer is larger than ${Math.round(limit / 1024 / 1024)} MiB.`);
  }
}

/**
 * fetch that never holds more than `limit` bytes of an answer: refused up front by
 * content-length, otherwise counted while reading, and the stream cancelled once past the limit.
 * The answer is handed on fully buffered, so the caller's parsing never reads more.
 */
export function createLimitedFetch(
  fetchFn: typeof fetch = (input, init) => fetch(input, init),
  limit = MAX_RESPONSE_BYTES,
): typeof fetch {
  return async (input, init) => {
    const response = await fetchFn(input, init);
    const declared = Number(response.headers.get('content-length'));
    if (Number.isFinite(declared) && declared > limit) {
      await response.body?.cancel().catch(() => undefined);
      throw new ResponseTooLargeError(limit);
    }
    if (!response.body) return response;

    const reader = response.body.getReader();
    const chunks: Uint8Array[] = [];
    let received = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      received += value.byteLength;
      if (received > limit) {
        await reader.cancel().catch(() => undefined);
        throw new ResponseTooLargeError(limit);
      }
      chunks.push(value);
    }
    const body = new Uint8Array(received);
    let offset = 0;
    for (const chunk of chunks) {
      body.set(chunk, offset);
      offset += chunk.byteLength;
    }
    // 204/304 answers cannot carry a body, even an empty one.
    const bodyless = response.status === 204 || response.status === 304;
    return new Response(bodyless ? null : body, {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
  };
}
