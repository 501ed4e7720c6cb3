import type { Benefit } from '../../../shared/benefits/benefits-contract';
import { apiPaths } from '../../../shared/http/api-routes';
import { api } from '../../store/api';

/** The benefits page's one call. */
export const benefitsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getBenefits: build.query<Benefit[], void>({ query: () => apiPaths.benefits.path() }),
  }),
});

export const { useGetBenefitsQuery } = benefitsApi;
