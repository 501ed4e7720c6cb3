// The server's entry. Nothing but the Node.js checks comes before the server's code: a static
// import would be loaded, with everything it imports, before any line here runs.
import {
  leaveThreadsTheirOwnLimits,
  refuseUnsupportedNode,
  restartWithServerFlags,
} from './runtime/supported-node';

refuseUnsupportedNode();
restartWithServerFlags(import.meta.filename);
leaveThreadsTheirOwnLimits();
// Beside this file: server-main.ts when run from the sources (tsx), server.js when built.
const entry = import.meta.url.endsWith('.ts') ? './server-main.ts' : './server.js';
await import(new URL(entry, import.meta.url).href);
