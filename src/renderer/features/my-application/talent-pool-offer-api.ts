import type {
  PoolDepartment,
  PoolKeep,
  PoolMemberView,
  PoolOffer,
} from '../../../shared/talent-pool/talent-pool-contract';
import { apiPaths } from '../../../shared/http/api-routes';
import { api } from '../../store/api';

/**
 * The talent pool's offer on the applicant's page (docs/behaviour.md#the-talent-pool), by the
 * application's private link. Here, beside the page, because features do not import each other.
 */
export const talentPoolOfferApi = api.injectEndpoints({
  endpoints: (build) => ({
    getTalentPoolOffer: build.query<PoolOffer, string>({
      query: (token) => apiPaths.talentPoolOffer.path({ token }),
      keepUnusedDataFor: 0,
    }),
    getOfferDepartments: build.query<PoolDepartment[], void>({
      query: () => apiPaths.talentPoolDepartments.path(),
    }),
    keepInTalentPool: build.mutation<PoolMemberView, { token: string } & PoolKeep>({
      query: ({ token, ...body }) => ({
        url: apiPaths.talentPoolOffer.path({ token }),
        method: 'POST',
        body,
      }),
    }),
  }),
});

export const { useGetTalentPoolOfferQuery, useGetOfferDepartmentsQuery, useKeepInTalentPoolMutation } =
  talentPoolOfferApi;
