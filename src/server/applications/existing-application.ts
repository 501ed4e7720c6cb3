import { isId } from '../../shared/http/id';
import { messages } from '../../shared/messages';
import { HttpError } from '../http/http-error';
import type { ApplicationRepository } from './application-repository';

/** The id of a stored application, or the 404 every application sub-resource answers. */
export async function existingApplication(applications: ApplicationRepository, id: string): Promise<string> {
  if (!isId(id) || !(await applications.exists(id))) throw new HttpError(404, messages.applicationMissing);
  return id;
}
