/**
 * Whether an error says the database cannot be reached or is not taking work just now (as
 * opposed to a query it refused): a connection that could not be made in time, was refused or
 * cut, or a server shutting down, starting up or out of connections. Such a request is answered
 * 503 with a time to come back, not a 500 (docs/operations.md#when-postgresql-is-unreachable).
 */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EPIPE',
]);
// SQLSTATE: class 08 (connection exception), 57P01-57P03 (shutdown, crash, cannot connect now),
// 53300 (too many connections).
const UNAVAILABLE_STATES = /^(08...|57P0[123]|53300)$/;
const POOL_MESSAGES = /^(timeout exceeded when trying to connect|Connection terminated)/;

export function isDatabaseUnavailable(error: unknown): boolean {
  for (let cause = error, depth = 0; cause instanceof Error && depth < 5; depth += 1) {
    const code = (cause as { code?: unknown }).code;
    if (typeof code === 'string' && (NETWORK_CODES.has(code) || UNAVAILABLE_STATES.test(code))) return true;
    if (POOL_MESSAGES.test(cause.message)) return true;
    cause = cause.cause;
  }
  return false;
}
