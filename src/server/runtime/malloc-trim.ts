import { createRequire } from 'node:module';

/**
 * glibc's `malloc_trim`, from the project's small native addon (`runtime/malloc-trim-addon`), or
 * undefined where the addon is not built: on any system but Linux with glibc, or where `npm ci`
 * found no C compiler (it is an optional dependency, so the install goes on without it).
 *
 * glibc gives memory back to the system on its own only from the top of its heap. What the start
 * and each burst of requests freed below blocks still in use stays resident, whole free pages
 * included, until `malloc_trim` returns them: on Node 24 about 4-7 MB at rest
 * (docs/operations.md#memory).
 */
export function loadMallocTrim(): (() => boolean) | undefined {
  try {
    const addon = createRequire(import.meta.url)('careers-malloc-trim') as { trim?: unknown };
    return typeof addon.trim === 'function' ? (addon.trim as () => boolean) : undefined;
  } catch {
    return undefined;
  }
}
