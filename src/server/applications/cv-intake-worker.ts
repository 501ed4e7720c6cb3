import { readApplication } from './application-intake';

/** The worker thread's task (Piscina calls the default export): one application body in, its intake out. */
export default function intake(body: Uint8Array) {
  return readApplication(body);
}
