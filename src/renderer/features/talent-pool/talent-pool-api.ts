import type {
  PoolDepartment,
  PoolInvite,
  PoolJoin,
  PoolMember,
  PoolMemberView,
  PoolTags,
} from '../../../shared/talent-pool/talent-pool-contract';
import { apiPaths } from '../../../shared/http/api-routes';
import { api } from '../../store/api';

/**
 * The talent pool's calls (docs/behaviour.md#the-talent-pool): joining from the careers site, the
 * member's own page by its private link, and the administrators' list. A member's page is one
 * person's: nothing of it is kept once the page is left.
 */
export const talentPoolApi = api.injectEndpoints({
  endpoints: (build) => ({
    getPoolDepartments: build.query<PoolDepartment[], void>({
      query: () => apiPaths.talentPoolDepartments.path(),
    }),
    joinPool: build.mutation<{ acknowledged: true; message: string }, PoolJoin>({
      query: (body) => ({ url: apiPaths.talentPool.path(), method: 'POST', body }),
    }),
    getMyPool: build.query<PoolMemberView, string>({
      query: (token) => apiPaths.myTalentPool.path({ token }),
      keepUnusedDataFor: 0,
    }),
    confirmMyPool: build.mutation<PoolMemberView, string>({
      query: (token) => ({ url: apiPaths.confirmMyTalentPool.path({ token }), method: 'POST' }),
    }),
    renewMyPool: build.mutation<PoolMemberView, string>({
      query: (token) => ({ url: apiPaths.renewMyTalentPool.path({ token }), method: 'POST' }),
    }),
    leaveMyPool: build.mutation<{ acknowledged: boolean }, string>({
      query: (token) => ({ url: apiPaths.myTalentPool.path({ token }), method: 'DELETE' }),
    }),
    getPoolMembers: build.query<PoolMember[], { department: string; tag: string }>({
      query: ({ department, tag }) => {
        const params = new URLSearchParams();
        if (department) params.set('department', department);
        if (tag) params.set('tag', tag);
        const query = params.toString();
        return `${apiPaths.talentPoolMembers.path()}${query ? `?${query}` : ''}`;
      },
      keepUnusedDataFor: 0,
    }),
    setPoolTags: build.mutation<PoolMember, { id: string } & PoolTags>({
      query: ({ id, tags }) => ({
        url: apiPaths.talentPoolMemberTags.path({ id }),
        method: 'PUT',
        body: { tags },
      }),
    }),
    invitePoolMember: build.mutation<PoolMember, { id: string } & PoolInvite>({
      query: ({ id, jobId }) => ({
        url: apiPaths.talentPoolMemberInvite.path({ id }),
        method: 'POST',
        body: { jobId },
      }),
    }),
  }),
});

export const {
  useGetPoolDepartmentsQuery,
  useJoinPoolMutation,
  useGetMyPoolQuery,
  useConfirmMyPoolMutation,
  useRenewMyPoolMutation,
  useLeaveMyPoolMutation,
  useGetPoolMembersQuery,
  useSetPoolTagsMutation,
  useInvitePoolMemberMutation,
} = talentPoolApi;
