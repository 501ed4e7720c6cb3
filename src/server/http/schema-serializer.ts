import fastJsonStringify from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema';
import { z } from 'zod';

/**
 * Answers are written from the same zod schemas the contract declares, compiled once per route
 * into a fast-json-stringify function: only declared fields leave the server, quickly. Each is
 * compiled on its route's first answer, not while the server starts: there is one per route and
 * status code, most rarely or never sent, and compiling them all held up the first answer (see
 * docs/operations.md#start-up).
 */
export const schemaSerializerCompiler: FastifySerializerCompiler<unknown> = ({ schema }) => {
  if (!(schema instanceof z.ZodType)) return (data) => JSON.stringify(data);
  let serialize: ((data: unknown) => string) | undefined;
  return (data) => (serialize ??= compileSerializer(schema))(data);
};

/** A fast serializer for one contract schema (also for answers prepared ahead, outside a route). */
export function compileSerializer<T>(schema: z.ZodType<T>): (data: T) => string {
  const jsonSchema = z.toJSONSchema(schema, { target: 'draft-7', io: 'output', unrepresentable: 'any' });
  return fastJsonStringify(jsonSchema as Parameters<typeof fastJsonStringify>[0]) as (data: T) => string;
}
