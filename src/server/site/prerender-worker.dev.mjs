// Running from the TypeScript sources (tests, `npm run dev`): the worker thread has no TypeScript
// loader of its own, so it registers tsx before importing the task. The build has a plain .js task.
// The web app's settings (its JSX runtime) apply, for a prerender loaded from the web sources.
import { fileURLToPath } from 'node:url';
import { register } from 'tsx/esm/api';

register({ tsconfig: fileURLToPath(new URL('../../../tsconfig.web.json', import.meta.url)) });
const { default: prerenderPage } = await import('./prerender-worker.ts');
export default prerenderPage;
