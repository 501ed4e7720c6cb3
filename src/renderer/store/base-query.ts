import { fetchBaseQuery } from '@reduxjs/toolkit/query/react';
import type { BaseQueryFn, FetchArgs, FetchBaseQueryError } from '@reduxjs/toolkit/query/react';
import { MAX_RESPONSE_BYTES, REQUEST_TIMEOUT_MS } from '../../shared/limits';
import { messages } from '../../shared/messages';
import { sessionEnded } from './session-events';
import type { Platform } from '../platform/platform';
import type { AppExtra } from './app-extra';
import { createLimitedFetch, ResponseTooLargeError } from './limited-fetch';
import { sendWithProgress, uploadResult, type UploadWatch } from './upload-request';

type RawBaseQuery = ReturnType<typeof fetchBaseQuery>;

/**
 * A call's arguments; with `upload`, the body goes up with progress reports (upload-request.ts).
 * `recordRefusals`: the server checks this call against the record (the hiring team's calls: this
 * job, this application, this stage), so its 403 is a plain "not yours" or "not allowed" about
 * the record and the session goes on; the team guard's own refusal still ends it.
 * `maxAnswerBytes`: a call whose answer may be larger than MAX_RESPONSE_BYTES (an applicant's
 * export, its files inside) reads up to this much instead.
 */
export type AppFetchArgs = FetchArgs & {
  upload?: UploadWatch;
  recordRefusals?: boolean;
  maxAnswerBytes?: number;
};

const messageOf = (data: unknown): unknown =>
  typeof data === 'object' && data !== null && 'message' in data ? data.message : undefined;

/** Whether a refusal means the session is over (or was never one that may be here). */
const endsSession = (error: FetchBaseQueryError, recordRefusals: boolean): boolean =>
  error.status === 401 ||
  (error.status === 403 && (!recordRefusals || messageOf(error.data) === messages.teamRequired));

const rawQueries = new WeakMap<Platform, Map<number, RawBaseQuery>>();

function rawQueryFor(platform: Platform, limit = MAX_RESPONSE_BYTES): RawBaseQuery {
  let byLimit = rawQueries.get(platform);
  if (!byLimit) rawQueries.set(platform, (byLimit = new Map()));
  let raw = byLimit.get(limit);
  if (!raw) {
    raw = fetchBaseQuery({
      baseUrl: platform.apiBaseUrl,
      timeout: REQUEST_TIMEOUT_MS,
      // fetch is looked up at call time so tests can stub the global.
      fetchFn: createLimitedFetch((input, init) => fetch(input, init), limit),
      prepareHeaders: bearerHeader(platform),
    });
    byLimit.set(limit, raw);
  }
  return raw;
}

function bearerHeader(platform: Platform) {
  return async (headers: Headers) => {
    const token = await platform.tokenStore.get();
    if (token) headers.set('authorization', `Bearer ${token}`);
    return headers;
  };
}

/** An upload: no limit on the whole call, the answer is timed from the body's last byte. */
async function sendUpload(platform: Platform, args: FetchArgs, watch: UploadWatch, signal: AbortSignal) {
  const headers = await bearerHeader(platform)(new Headers(args.headers as HeadersInit | undefined));
  const base = platform.apiBaseUrl.replace(/\/$/, '');
  return uploadResult(
    sendWithProgress({
      url: `${base}/${args.url.replace(/^\//, '')}`,
      method: args.method ?? 'POST',
      headers,
      body: args.body as XMLHttpRequestBodyInit,
      signal,
      watch,
    }),
  );
}

/**
 * The one base query of the app (docs/behaviour.md#auth-and-session). Any 401 or 403 ends the
 * session here and only here (but a record's refusal, see `recordRefusals`): the stored token is cleared, the auth state is reset, the user is sent to /login,
 * and the error still goes back to the caller (the login page shows the server's message). A 401
 * for a token that was replaced while the call was out is first tried again with the new token.
 */
export const baseQuery: BaseQueryFn<string | AppFetchArgs, unknown, FetchBaseQueryError> = async (
  args,
  api,
  extraOptions,
) => {
  const { platform, navigator } = api.extra as AppExtra;
  const {
    upload,
    recordRefusals = false,
    maxAnswerBytes,
    ...fetchArgs
  } = typeof args === 'string' ? { url: args } : args;
  const rawQuery = rawQueryFor(platform, maxAnswerBytes);
  let result = upload
    ? await sendUpload(platform, fetchArgs, upload, api.signal)
    : await rawQuery(fetchArgs, api, extraOptions);
  if (result.error?.status === 401 && !upload) {
    // Sent with a token that has since been replaced (a new password on this device, or in another
    // tab): the refusal is about the old one, so the call goes once more with the new one.
    const stored = await platform.tokenStore.get().catch(() => null);
    const sent = result.meta?.request.headers.get('authorization');
    if (stored && sent && sent !== `Bearer ${stored}`) {
      result = await rawQuery(fetchArgs, api, extraOptions);
    }
  }
  const error = result.error;
  if (!error) return result;

  if (error.status === 'FETCH_ERROR' && error.error.startsWith(ResponseTooLargeError.name)) {
    const message = error.error.slice(ResponseTooLargeError.name.length + 2);
    return { ...result, error: { status: 'CUSTOM_ERROR', error: message, data: { message } } };
  }
  if (endsSession(error, recordRefusals)) {
    await platform.tokenStore.clear().catch((cause: unknown) => console.error('token clear failed', cause));
    api.dispatch(sessionEnded());
    navigator.toLogin();
  }
  return result;
};
