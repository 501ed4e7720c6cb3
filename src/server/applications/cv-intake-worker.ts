import { Piscina } from 'piscina';
import { readApplication } from './application-intake';

/**
 * The worker thread's task (Piscina calls the default export): one application body in, its
 * intake out. The checked CV's memory is handed back to the main thread rather than copied.
 */
export default async function intake(body: Uint8Array) {
  const result = await readApplication(body);
  const cv = result.ok && 'bytes' in result.cv ? result.cv.bytes : undefined;
  if (!cv || cv.byteOffset !== 0 || cv.byteLength !== cv.buffer.byteLength) return result;
  return Piscina.move({
    [Piscina.transferableSymbol]: [cv.buffer],
    [Piscina.valueSymbol]: result,
  } as never) as unknown as typeof result;
}
