import type { Plugin } from 'vite';

/**
 * The web entry (src/web/main.tsx) imports the app lazily, so it can run after the first paint.
 * Vite would only discover that chunk when the entry runs; this lists it and its static imports
 * as <link rel="modulepreload"> in the HTML, so the browser fetches them with the page.
 */
export function preloadAppChunk(appModule: string): Plugin {
  return {
    name: 'preload-app-chunk',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const bundle = context.bundle;
        if (!bundle) return html;
        const app = Object.values(bundle).find(
          (output) => output.type === 'chunk' && output.facadeModuleId?.endsWith(appModule),
        );
        if (!app || app.type !== 'chunk') throw new Error(`preload-app-chunk: no chunk for ${appModule}`);
        const files = new Set<string>();
        const visit = (fileName: string) => {
          const chunk = bundle[fileName];
          if (files.has(fileName) || chunk?.type !== 'chunk') return;
          files.add(fileName);
          chunk.imports.forEach(visit);
        };
        visit(app.fileName);
        const linked = [...files].filter((file) => !html.includes(`/${file}"`));
        return linked.map((file) => ({
          tag: 'link',
          attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` },
          injectTo: 'head' as const,
        }));
      },
    },
  };
}
