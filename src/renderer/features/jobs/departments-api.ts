import type { DepartmentListItem } from '../../../shared/jobs/department-contract';
import type { DeleteAck, InsertAck, UpdateAck } from '../../../shared/http/acknowledgements';
import { api, tags } from '../../store/api';
import { apiPaths } from '../../../shared/http/api-routes';

/** The departments administrators keep; a rename or deletion changes how jobs read, so both drop. */
export const departmentsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getDepartments: build.query<DepartmentListItem[], void>({
      query: () => apiPaths.departments.path(),
      providesTags: [tags.departments],
    }),
    createDepartment: build.mutation<InsertAck, string>({
      query: (name) => ({ url: apiPaths.departments.path(), method: 'POST', body: { name } }),
      invalidatesTags: [tags.departments],
    }),
    renameDepartment: build.mutation<UpdateAck, { id: string; name: string }>({
      query: ({ id, name }) => ({
        url: apiPaths.department.path({ id }),
        method: 'PUT',
        body: { name },
      }),
      invalidatesTags: [tags.departments, tags.jobList],
    }),
    deleteDepartment: build.mutation<DeleteAck, string>({
      query: (id) => ({ url: apiPaths.department.path({ id }), method: 'DELETE' }),
      invalidatesTags: [tags.departments],
    }),
  }),
});

export const {
  useGetDepartmentsQuery,
  useCreateDepartmentMutation,
  useRenameDepartmentMutation,
  useDeleteDepartmentMutation,
} = departmentsApi;
