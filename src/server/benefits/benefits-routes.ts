import { benefitInputSchema, benefitListSchema } from '../../shared/benefits/benefits-contract';
import { insertAckSchema } from '../../shared/http/acknowledgements';
import { apiPaths } from '../../shared/http/api-routes';
import { currentUser } from '../auth/guards';
import { errorResponses, type Api } from '../domain-module/route-types';
import type { BenefitRepository } from './benefits-repository';

/** Anyone reads the benefits. */
export function publicBenefitRoutes(app: Api, benefits: BenefitRepository): void {
  app.get(
    apiPaths.benefits.pattern,
    {
      schema: {
        tags: ['benefits'],
        operationId: 'listBenefits',
        summary: 'The benefits of working here',
        response: { 200: benefitListSchema },
      },
    },
    async () => benefits.list(),
  );
}

/** Administrators add them. */
export function adminBenefitRoutes(app: Api, benefits: BenefitRepository): void {
  app.post(
    apiPaths.benefits.pattern,
    {
      schema: {
        tags: ['benefits'],
        operationId: 'addBenefit',
        summary: 'Add a benefit',
        body: benefitInputSchema,
        response: { 201: insertAckSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const insertedId = await benefits.add(request.body, currentUser(request).email);
      return reply.status(201).send({ acknowledged: true, insertedId });
    },
  );
}
