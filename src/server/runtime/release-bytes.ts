/**
 * Gives a large buffer's memory back to the system now, rather than when the garbage collector
 * next gets to it: the buffer is detached (`ArrayBuffer.prototype.transfer(0)`, which frees its
 * memory at once) and reads as empty from then on. Only for bytes that own their whole buffer
 * and that nothing else holds; bytes that share a buffer (a slice, Node's pooled small buffers)
 * are left alone.
 *
 * V8 collects the small objects that own multi-megabyte buffers only once the memory outside its
 * heap has grown by tens of megabytes, so under a burst of CVs the dead bodies and CVs of the
 * last few dozen applications were still held: most of the server's peak (see
 * docs/operations.md#memory).
 */
export function releaseBytes(bytes: Uint8Array | null | undefined): void {
  if (!bytes || bytes.byteOffset !== 0 || bytes.byteLength !== bytes.buffer.byteLength) return;
  const buffer = bytes.buffer;
  if (buffer instanceof ArrayBuffer && !buffer.detached) buffer.transfer(0);
}
