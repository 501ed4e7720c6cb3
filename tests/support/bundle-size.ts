import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  src?: string;
}

export interface EntryBundle {
  /** Every JS file a visitor of `/` downloads before any lazy import runs. */
  files: { file: string; gzipBytes: number; source?: string }[];
  gzipBytes: number;
}

/**
 * The app the web entry always imports (src/web/main.tsx loads it dynamically only to run it
 * after the first paint), so it counts as part of the first download.
 */
const APP_MODULE = 'start-app.tsx';

/**
 * Reads Vite's manifest and follows the entry's static imports and the app it always starts, with
 * that app's static imports (what the browser fetches for `/`); the app's own dynamic imports are
 * lazy screens and are left out.
 */
export function entryBundle(distDir: string): EntryBundle {
  const manifest = JSON.parse(readFileSync(path.join(distDir, '.vite', 'manifest.json'), 'utf8')) as Record<
    string,
    ManifestChunk
  >;
  const entryKey = Object.keys(manifest).find((key) => manifest[key]!.isEntry);
  if (!entryKey) throw new Error('no entry chunk in the Vite manifest');
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const imported of manifest[key]!.imports ?? []) visit(imported);
  };
  visit(entryKey);
  const app = manifest[entryKey]!.dynamicImports?.find((key) => key.endsWith(APP_MODULE));
  if (!app) throw new Error(`the web entry does not import ${APP_MODULE}`);
  visit(app);
  const files = [...seen].map((key) => {
    const chunk = manifest[key]!;
    const bytes = readFileSync(path.join(distDir, chunk.file));
    return { file: chunk.file, gzipBytes: gzipSync(bytes, { level: 9 }).length, source: chunk.src };
  });
  return { files, gzipBytes: files.reduce((sum, file) => sum + file.gzipBytes, 0) };
}
