import type { FastifyRequest } from 'fastify';
import { HttpError } from './http-error';

export const NUL_MESSAGE = 'The request contains a character that is not allowed (NUL).';

/** Whether any string in a parsed JSON value (keys included) holds U+0000; iterative, so depth costs no stack. */
export function containsNul(root: unknown): boolean {
  const pending: unknown[] = [root];
  while (pending.length > 0) {
    const value = pending.pop();
    if (typeof value === 'string') {
      if (value.includes('\u0000')) return true;
    } else if (ArrayBuffer.isView(value)) {
      // A raw body (the application route's): its own reader checks the parsed text.
      continue;
    } else if (Array.isArray(value)) {
      for (const item of value) pending.push(item);
    } else if (value !== null && typeof value === 'object') {
      for (const [key, item] of Object.entries(value)) {
        if (key.includes('\u0000')) return true;
        pending.push(item);
      }
    }
  }
  return false;
}

/**
 * PostgreSQL text cannot hold U+0000, so such input would fail in the database as a 500:
 * it is refused up front, before any handler runs, as the bad input it is (400).
 */
export async function rejectNulCharacters(request: FastifyRequest): Promise<void> {
  if (containsNul(request.params) || containsNul(request.query) || containsNul(request.body)) {
    throw new HttpError(400, NUL_MESSAGE);
  }
}
