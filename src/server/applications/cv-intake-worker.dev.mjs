// Running from the TypeScript sources (tests, `npm run dev`): the worker thread has no TypeScript
// loader of its own, so it registers tsx before importing the task. The build has a plain .js task.
import { register } from 'tsx/esm/api';

register();
const { default: checkCvTask, readWholeTask } = await import('./cv-intake-worker.ts');
export default checkCvTask;
export { readWholeTask };
