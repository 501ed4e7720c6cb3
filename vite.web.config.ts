import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import griffel from '@griffel/vite-plugin';
import { preloadAppChunk } from './scripts/vite-preload-app';

/** The public site and web dashboard: built into dist/web, served by the API server. */
export default defineConfig(({ command }) => ({
  root: 'src/web',
  publicDir: 'public',
  plugins: [
    react(),
    // Ahead-of-time styles: makeStyles calls become their finished class names and CSS at build
    // time, so the browser neither computes them nor downloads the code that would. (Build only,
    // as Griffel advises: the dev server keeps the fast runtime path.)
    command === 'build' && griffel({ babelOptions: { presets: ['@babel/preset-typescript'] } }),
    preloadAppChunk('/src/web/start-app.tsx'),
  ],
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    sourcemap: true,
    manifest: true,
    target: 'es2022',
  },
  // The server-side prerender bundle (src/web/prerender.tsx, `vite build --ssr`) carries its own
  // copy of React and the rest, so the API server needs none of them installed.
  ssr: { noExternal: true },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000' },
  },
}));
