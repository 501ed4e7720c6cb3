// The server's resident memory on two Node.js binaries, side by side, the same build on each
// (measure-node-memory.mjs says what is measured and how). `npm run bench` runs the same
// comparison as part of its table; this runs only it, and takes any binaries and flags:
//
//   node scripts/bench/compare-node-memory.mjs [<node binary>[::<flag>,<flag>] ...]
// Without arguments: the machine's /usr/bin/node and the project's node (node_modules/.bin/node).
// A `NAME=value` among the flags is set in that server's environment instead.
// Rounds alternate between the binaries (BENCH_ROUNDS, 2); the table shows medians.
import path from 'node:path';
import { installCleanup } from './lifecycle.mjs';
import { measureNodeMemory, nodeMemoryTable } from './measure-node-memory.mjs';
import { root } from './product-server.mjs';

const specs =
  process.argv.length > 2
    ? process.argv.slice(2)
    : ['/usr/bin/node', path.join(root, 'node_modules', '.bin', 'node')];
// Each round's data folder fills with seconds of 5 MiB uploads: gigabytes if left behind.
installCleanup();
const results = await measureNodeMemory({ specs, rounds: Number(process.env.BENCH_ROUNDS ?? 2) });
console.info(`\n${nodeMemoryTable(results)}`);
process.exit(0);
