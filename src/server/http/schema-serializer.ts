import fastJsonStringify from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema';
import { z } from 'zod';

/**
 * Answers are written from the same zod schemas the contract declares, compiled once per route
 * into a fast-json-stringify function: only declared fields leave the server, quickly.
 */
export const schemaSerializerCompiler: FastifySerializerCompiler<unknown> = ({ schema }) =>
  schema instanceof z.ZodType ? compileSerializer(schema) : (data) => JSON.stringify(data);

/** A fast serializer for one contract schema (also for answers prepared ahead, outside a route). */
export function compileSerializer<T>(schema: z.ZodType<T>): (data: T) => string {
  const jsonSchema = z.toJSONSchema(schema, { target: 'draft-7', io: 'output', unrepresentable: 'any' });
  return fastJsonStringify(jsonSchema as Parameters<typeof fastJsonStringify>[0]) as (data: T) => string;
}
