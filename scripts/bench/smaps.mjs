// Where a process's resident memory is, by kind of mapping, from /proc/<pid>/smaps (Linux), in
// bytes. Anonymous mappings that touch each other are one reservation (smaps splits a
// reservation where its protection changes), and their total size tells them apart:
// - the C library's main heap is `[heap]`; its other arenas are 64 MB reservations;
// - a WebAssembly memory (PGlite's) is a reservation of several GB (V8 reserves the memory's
//   whole 32-bit range and guard pages);
// - the rest is V8's heap pages, blocks the C library mapped on their own (buffers above its
//   mapping threshold: request bodies, CVs), and thread stacks.
import { readFileSync } from 'node:fs';

const KB = 1024;
const ARENA = 64 * 1024 * KB;
const WASM_RESERVATION = 1024 * 1024 * KB;

/** { heap, arenas, wasm, otherAnonymous, nodeBinary, files, total } resident bytes, or undefined. */
export function smapsBreakdown(pid) {
  let text;
  try {
    text = readFileSync(`/proc/${pid}/smaps`, 'utf8');
  } catch {
    return undefined;
  }
  const mappings = [];
  let current;
  for (const line of text.split('\n')) {
    const head = /^([0-9a-f]+)-([0-9a-f]+) \S+ \S+ \S+ \S+\s*(.*)$/.exec(line);
    if (head) {
      current = { start: BigInt(`0x${head[1]}`), end: BigInt(`0x${head[2]}`), name: head[3], rss: 0 };
      mappings.push(current);
    } else if (current && line.startsWith('Rss:')) {
      current.rss = Number(line.split(/\s+/)[1]) * KB;
    }
  }
  // An arena: 64 MB-aligned, its used part and the rest of its 64 MB reserved behind it.
  for (let i = 0; i < mappings.length; i++) {
    const one = mappings[i];
    const next = mappings[i + 1];
    if (one.name || one.start % BigInt(ARENA) !== 0n) continue;
    if (Number(one.end - one.start) === ARENA) one.arena = true;
    else if (next && !next.name && next.start === one.end && Number(next.end - one.start) === ARENA)
      one.arena = next.arena = true;
  }
  const result = { heap: 0, arenas: 0, wasm: 0, otherAnonymous: 0, nodeBinary: 0, files: 0, total: 0 };
  const node = process.execPath;
  for (let i = 0; i < mappings.length;) {
    const first = mappings[i];
    result.total += first.rss;
    if (first.name || first.arena) {
      if (first.arena) result.arenas += first.rss;
      else if (first.name === '[heap]') result.heap += first.rss;
      else if (first.name === node || first.name.endsWith('/node')) result.nodeBinary += first.rss;
      else if (first.name.startsWith('/')) result.files += first.rss;
      else result.otherAnonymous += first.rss;
      i++;
      continue;
    }
    let end = i + 1;
    while (
      end < mappings.length &&
      !mappings[end].name &&
      !mappings[end].arena &&
      mappings[end].start === mappings[end - 1].end
    ) {
      result.total += mappings[end].rss;
      end++;
    }
    const group = mappings.slice(i, end);
    const size = Number(group[group.length - 1].end - group[0].start);
    const rss = group.reduce((sum, one) => sum + one.rss, 0);
    if (size >= WASM_RESERVATION) result.wasm += rss;
    else result.otherAnonymous += rss;
    i = end;
  }
  return result;
}
