import type {
  PoolDepartment,
  PoolKeep,
  PoolMemberView,
  PoolOffer,
} from '../../shared/talent-pool/talent-pool-contract';
import { apiPaths } from '../../shared/http/api-routes';
import { api } from '../store/api';

/** Which link opens the offer: the applicant's own, or the one the rejection e-mail carries. */
export interface OfferLink {
  kind: 'application' | 'rejection';
  token: string;
}
const offerPath = ({ kind, token }: OfferLink) =>
  kind === 'application' ? apiPaths.talentPoolOffer.path({ token }) : apiPaths.keepMyDetails.path({ token });

/**
 * The talent pool's offer (docs/behaviour.md#the-talent-pool), shown on the applicant's page and on
 * the page the rejection e-mail links to: here, under both features, as features do not import
 * each other.
 */
export const talentPoolOfferApi = api.injectEndpoints({
  endpoints: (build) => ({
    getTalentPoolOffer: build.query<PoolOffer, OfferLink>({
      query: offerPath,
      keepUnusedDataFor: 0,
    }),
    getOfferDepartments: build.query<PoolDepartment[], void>({
      query: () => apiPaths.talentPoolDepartments.path(),
    }),
    keepInTalentPool: build.mutation<PoolMemberView, { link: OfferLink } & PoolKeep>({
      query: ({ link, ...body }) => ({ url: offerPath(link), method: 'POST', body }),
    }),
  }),
});

export const { useGetTalentPoolOfferQuery, useGetOfferDepartmentsQuery, useKeepInTalentPoolMutation } =
  talentPoolOfferApi;
