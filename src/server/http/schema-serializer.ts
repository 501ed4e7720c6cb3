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

/**
 * Serializers already compiled, by schema. The schemas are the contract's constants and a serializer
 * keeps no state, so one compiled serves every app this process builds: the server builds one, but
 * the test suite builds one per test file, and compiling again for each was a measurable part of
 * its time.
 */
const compiled = new WeakMap<z.ZodType, (data: never) => string>();

/** A fast serializer for one contract schema (also for answers prepared ahead, outside a route). */
export function compileSerializer<T>(schema: z.ZodType<T>): (data: T) => string {
  const known = compiled.get(schema);
  if (known) return known as (data: T) => string;
  const jsonSchema = z.toJSONSchema(schema, { target: 'draft-7', io: 'output', unrepresentable: 'any' });
  const serialize = fastJsonStringify(jsonSchema as Parameters<typeof fastJsonStringify>[0]) as (
    data: T,
  ) => string;
  compiled.set(schema, serialize);
  return serialize;
}
