// The prerender's child process (started by prerender-loader.ts through child-task.ts).
import { serveTasks } from '../runtime/serve-tasks';
import prerenderPage from './prerender-task';

serveTasks(prerenderPage);
