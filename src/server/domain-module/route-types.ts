import type {
  FastifyInstance,
  FastifyBaseLogger,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorSchema } from '../../shared/http/acknowledgements';

export type Api = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** The error answers a route documents besides its success. */
export const errorResponses = (...codes: number[]) =>
  Object.fromEntries(codes.map((code) => [code, errorSchema])) as Record<number, typeof errorSchema>;
