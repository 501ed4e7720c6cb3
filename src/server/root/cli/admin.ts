// The admin tool's entry. It first becomes the same program with the server's V8 and C library
// settings (runtime/supported-node.ts): a restore streams archives of hundreds of megabytes, and on
// Node 24 without them the pieces it has finished with wait for the heap's next collection
// (docs/operations.md#backups-and-restore). Nothing else is imported before that: a static import
// would be loaded, with everything it imports, before the restart, and again after it.
import { restartWithServerFlags } from '../../runtime/supported-node';

restartWithServerFlags(import.meta.filename);
// Beside this file: admin-tool.ts when run from the sources (tsx), admin-tool.js when built.
const tool = import.meta.url.endsWith('.ts') ? './admin-tool.ts' : './admin-tool.js';
await import(new URL(tool, import.meta.url).href);
