// The server's entry. Nothing but the file mode, the Node.js checks and one kept tick object
// (runtime/next-tick-shapes.ts) comes before the server's code: a static import would be loaded,
// with everything it imports, before any line here runs.
import { keepNewFilesPrivate } from '../db/private-files';
import {
  leaveThreadsTheirOwnLimits,
  refuseUnsupportedNode,
  restartWithServerFlags,
} from '../runtime/supported-node';
import { keepNextTickShapes } from '../runtime/next-tick-shapes';

// First: every file and folder this process makes is its account's alone, whatever the umask it
// was started with (docs/security.md#file-permissions); kept across the restart below.
keepNewFilesPrivate();
refuseUnsupportedNode();
restartWithServerFlags(import.meta.filename);
leaveThreadsTheirOwnLimits();
void keepNextTickShapes();
// Beside this file: server-main.ts when run from the sources (tsx), server.js when built.
const entry = import.meta.url.endsWith('.ts') ? './server-main.ts' : './server.js';
await import(new URL(entry, import.meta.url).href);
