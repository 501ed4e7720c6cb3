import type { DepartmentListItem } from '../../../shared/jobs/department-contract';
import type { DeleteAck, InsertAck, UpdateAck } from '../../../shared/http/acknowledgements';
import { api, tags } from '../../store/api';

/** The departments administrators keep; a rename or deletion changes how jobs read, so both drop. */
export const departmentsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getDepartments: build.query<DepartmentListItem[], void>({
      query: () => '/departments',
      providesTags: [tags.departments],
    }),
    createDepartment: build.mutation<InsertAck, string>({
      query: (name) => ({ url: '/departments', method: 'POST', body: { name } }),
      invalidatesTags: [tags.departments],
    }),
    renameDepartment: build.mutation<UpdateAck, { id: string; name: string }>({
      query: ({ id, name }) => ({
        url: `/departments/${encodeURIComponent(id)}`,
        method: 'PUT',
        body: { name },
      }),
      invalidatesTags: [tags.departments, tags.jobList],
    }),
    deleteDepartment: build.mutation<DeleteAck, string>({
      query: (id) => ({ url: `/departments/${encodeURIComponent(id)}`, method: 'DELETE' }),
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
