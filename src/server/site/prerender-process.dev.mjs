// Running from the TypeScript sources (tests, `npm run dev`): the child process has no TypeScript
// loader of its own, so it registers tsx before importing its entry. The build has a plain .js one.
// The web app's settings (its JSX runtime) apply, for a prerender loaded from the web sources.
import { fileURLToPath } from 'node:url';
import { register } from 'tsx/esm/api';

register({ tsconfig: fileURLToPath(new URL('../../../tsconfig.web.json', import.meta.url)) });
await import('./prerender-process.ts');
