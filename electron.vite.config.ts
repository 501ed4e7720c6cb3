import { defineConfig } from 'electron-vite';
import react from '@vitejs/plugin-react';

/**
 * The desktop console: main (ESM), preload (CommonJS, so it runs in a sandboxed renderer) and
 * the shared React app with the desktop entry. Only keytar stays outside the bundles: it is a
 * native module, rebuilt for Electron by electron-builder. The packed app carries no other
 * node_modules, so main bundles what it uses (zod, electron-updater, yaml).
 */
export default defineConfig({
  main: {
    build: {
      externalizeDeps: { include: ['keytar'], exclude: ['zod', 'electron-updater', 'yaml'] },
      rollupOptions: { input: { index: 'src/main/index.ts' } },
    },
  },
  preload: {
    build: {
      externalizeDeps: false,
      rollupOptions: {
        input: { index: 'src/preload/index.ts' },
        // The preload builds window.desktop from the message contract (desktop-bridge.ts), so its
        // zod schemas come along; it never parses with them: main does.
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: 'src/renderer/desktop',
    plugins: [react()],
    build: {
      minify: true,
      rollupOptions: { input: 'src/renderer/desktop/index.html' },
    },
  },
});
