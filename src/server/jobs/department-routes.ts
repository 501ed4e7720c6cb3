import {
  departmentInputSchema,
  departmentListSchema,
  departmentMessages,
} from '../../shared/jobs/department-contract';
import { deleteAckSchema, insertAckSchema, updateAckSchema } from '../../shared/http/acknowledgements';
import { idParamsSchema, isId } from '../../shared/http/id';
import { HttpError } from '../http/http-error';
import { errorResponses, type Api } from '../domain-module/route-types';
import type { DepartmentRepository, DepartmentWrite } from './department-repository';
import { apiPaths } from '../../shared/http/api-routes';

const existingId = (id: string) => {
  if (!isId(id)) throw new HttpError(404, departmentMessages.notFound);
  return id;
};

const written = (result: DepartmentWrite): string => {
  if (result.ok) return result.id;
  throw result.reason === 'name-taken'
    ? new HttpError(409, departmentMessages.nameTaken)
    : new HttpError(404, departmentMessages.notFound);
};

/** The departments list administrators keep: registered in the admin scope (auth/admin-scope.ts). */
export function departmentRoutes(app: Api, context: { departments: DepartmentRepository }): void {
  const { departments } = context;

  app.get(
    apiPaths.departments.pattern,
    {
      schema: {
        tags: ['jobs'],
        operationId: 'listDepartments',
        summary: 'Every department, by name, with how many jobs name it',
        response: { 200: departmentListSchema, ...errorResponses(401, 403) },
      },
    },
    async () => departments.list(),
  );

  app.post(
    apiPaths.departments.pattern,
    {
      schema: {
        tags: ['jobs'],
        operationId: 'createDepartment',
        summary: 'Add a department; its slug (for filter links) is made from its name',
        body: departmentInputSchema,
        response: { 201: insertAckSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const insertedId = written(await departments.create(request.body.name));
      return reply.code(201).send({ acknowledged: true, insertedId });
    },
  );

  app.put(
    apiPaths.department.pattern,
    {
      schema: {
        tags: ['jobs'],
        operationId: 'renameDepartment',
        summary: 'Rename a department; its slug stays, so shared links keep working',
        params: idParamsSchema,
        body: departmentInputSchema,
        response: { 200: updateAckSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      written(await departments.rename(existingId(request.params.id), request.body.name));
      return { acknowledged: true, matchedCount: 1, modifiedCount: 1 };
    },
  );

  app.delete(
    apiPaths.department.pattern,
    {
      schema: {
        tags: ['jobs'],
        operationId: 'deleteDepartment',
        summary: 'Delete a department no job names',
        params: idParamsSchema,
        response: { 200: deleteAckSchema, ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (request) => {
      const result = await departments.remove(existingId(request.params.id));
      if (!result.ok && result.reason === 'not-found') throw new HttpError(404, departmentMessages.notFound);
      if (!result.ok && result.reason === 'in-use')
        throw new HttpError(409, departmentMessages.inUse(result.jobs));
      return { acknowledged: true, deletedCount: 1 };
    },
  );
}
