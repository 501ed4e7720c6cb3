import type { FetchBaseQueryError, FetchBaseQueryMeta, QueryReturnValue } from '@reduxjs/toolkit/query';
import { MAX_RESPONSE_BYTES, REQUEST_TIMEOUT_MS } from '../../shared/limits';
import { ResponseTooLargeError } from './limited-fetch';

/** What a caller hears about a request body on its way up. */
export interface UploadWatch {
  /** Bytes of the body sent so far, of `total`. */
  onProgress?(sent: number, total: number): void;
  /** The whole body is sent: from here on the request only waits for the answer. */
  onSent?(): void;
}

export interface UploadRequest {
  url: string;
  method: string;
  headers: Headers;
  /** Handed to the browser as it is, so a FormData goes up as multipart with the browser's boundary. */
  body: XMLHttpRequestBodyInit;
  signal: AbortSignal;
  watch: UploadWatch;
  /** How long the answer may take once the last byte of the body has gone. */
  answerTimeoutMs?: number;
  /** The largest answer taken, as for every other call. */
  limit?: number;
}

/** Named like the error fetchBaseQuery reports as TIMEOUT_ERROR. */
const answerTimedOut = () =>
  new DOMException('The server did not answer in time after the request was sent.', 'TimeoutError');

/**
 * Sends a request body that may take minutes to go up on a slow mobile link (a CV), and answers
 * as fetch would. XMLHttpRequest, because it reports upload progress, which fetch cannot in
 * browsers today. While the body is going up there is no time limit: a slow link that keeps
 * sending is working, and a body that stops moving is the server's to drop. The answer timeout
 * starts with the body's last byte. Answers are held to the same size limit as every other call.
 */
export function sendWithProgress({
  url,
  method,
  headers,
  body,
  signal,
  watch,
  answerTimeoutMs = REQUEST_TIMEOUT_MS,
  limit = MAX_RESPONSE_BYTES,
}: UploadRequest): Promise<{ status: number; text: string }> {
  signal.throwIfAborted();
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    let clock: ReturnType<typeof setTimeout> | undefined;
    let failure: unknown;
    const stop = (reason: unknown) => {
      failure ??= reason;
      xhr.abort();
    };
    const onAbortSignal = () =>
      stop(signal.reason ?? new DOMException('The request was aborted.', 'AbortError'));
    const settle = () => {
      clearTimeout(clock);
      signal.removeEventListener('abort', onAbortSignal);
    };
    const startAnswerClock = () => {
      if (clock === undefined) clock = setTimeout(() => stop(answerTimedOut()), answerTimeoutMs);
    };

    xhr.open(method, url);
    headers.forEach((value, name) => xhr.setRequestHeader(name, value));
    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable) watch.onProgress?.(event.loaded, event.total);
    });
    xhr.upload.addEventListener('load', () => {
      watch.onSent?.();
      startAnswerClock();
    });
    xhr.addEventListener('readystatechange', () => {
      if (xhr.readyState !== XMLHttpRequest.HEADERS_RECEIVED) return;
      // An answer can start before the body is all sent (a refusal, say): the body is done with.
      startAnswerClock();
      const declared = Number(xhr.getResponseHeader('content-length'));
      if (Number.isFinite(declared) && declared > limit) stop(new ResponseTooLargeError(limit));
    });
    xhr.addEventListener('progress', (event) => {
      if (event.loaded > limit) stop(new ResponseTooLargeError(limit));
    });
    xhr.addEventListener('load', () => {
      settle();
      resolve({ status: xhr.status, text: xhr.responseText });
    });
    xhr.addEventListener('error', () => {
      settle();
      reject(new TypeError('Failed to fetch'));
    });
    xhr.addEventListener('abort', () => {
      settle();
      reject(failure ?? new DOMException('The request was aborted.', 'AbortError'));
    });

    signal.addEventListener('abort', onAbortSignal);
    xhr.send(body);
  });
}

/** An upload's answer in the shape fetchBaseQuery gives every other call. */
export async function uploadResult(
  sent: Promise<{ status: number; text: string }>,
): Promise<QueryReturnValue<unknown, FetchBaseQueryError, FetchBaseQueryMeta>> {
  let answer: { status: number; text: string };
  try {
    answer = await sent;
  } catch (error) {
    const timedOut = error instanceof DOMException && error.name === 'TimeoutError';
    return { error: { status: timedOut ? 'TIMEOUT_ERROR' : 'FETCH_ERROR', error: String(error) } };
  }
  let data: unknown = null;
  try {
    if (answer.text) data = JSON.parse(answer.text);
  } catch (error) {
    return {
      error: {
        status: 'PARSING_ERROR',
        originalStatus: answer.status,
        data: answer.text,
        error: String(error),
      },
    };
  }
  return answer.status >= 200 && answer.status <= 299 ? { data } : { error: { status: answer.status, data } };
}
