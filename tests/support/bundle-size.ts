import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  src?: string;
}

export interface EntryBundle {
  /** Every JS file a visitor of `/` downloads before interacting: the entry and its static imports. */
  files: { file: string; gzipBytes: number; source?: string }[];
  gzipBytes: number;
}

/**
 * Reads Vite's manifest and follows the entry's static imports: what the browser fetches for `/`
 * before the visitor interacts. The app (start-app.tsx) and every lazy screen are dynamic imports
 * the entry runs only on the first interaction (src/web/main.tsx), so they are left out.
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
  const files = [...seen].map((key) => {
    const chunk = manifest[key]!;
    const bytes = readFileSync(path.join(distDir, chunk.file));
    return { file: chunk.file, gzipBytes: gzipSync(bytes, { level: 9 }).length, source: chunk.src };
  });
  return { files, gzipBytes: files.reduce((sum, file) => sum + file.gzipBytes, 0) };
}
