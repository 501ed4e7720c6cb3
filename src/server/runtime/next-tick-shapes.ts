import { executionAsyncResource } from 'node:async_hooks';

let kept: Promise<object> | undefined;

/**
 * Keeps one of the objects `process.nextTick` queues for the life of the process, and resolves
 * with it. Node makes each with an object literal keyed by symbols, and V8 remembers, at that one
 * spot in Node's code, the shapes it last made there only as long as some object has them. A full
 * collection at a quiet moment, when no such object is alive (the server's release of memory
 * after its start and at rest, or one V8 makes by itself), dropped them; the next objects got new
 * shapes and V8 gave up remembering for good: every tick then took V8's slow path, about a
 * microsecond each, half a dozen of them a request, and `/api/all` was answered at 0.65-0.7x of
 * plain Node's rate instead of 0.9x (docs/operations.md#benchmarks). Called first thing at the
 * start, before any such collection. Inside a tick's callback, its object is the current async
 * resource.
 */
export function keepNextTickShapes(): Promise<object> {
  kept ??= new Promise((resolve) => process.nextTick(() => resolve(executionAsyncResource())));
  return kept;
}
