import { useParams } from 'react-router-dom';
import { siteConfig } from '../../../shared/site/site-config';
import { PageHero } from '../../components/page-hero';
import { useSitePageStyles } from '../../components/site-styles';
import { TalentPoolOffer } from '../../entities/talent-pool-offer';
import { useGetTalentPoolOfferQuery } from '../../entities/talent-pool-offer-api';
import { PageLoading } from '../../components/page-loading';
import { UntitledMessageBar } from '../../components/untitled-message-bar';
import { MessageBarBody } from '@fluentui/react-components';
import { errorMessage } from '../../store/api-error';

/**
 * /keep-my-details/:token: the page the rejection e-mail links to (docs/behaviour.md#the-talent-pool),
 * where the applicant may tick to be kept for future roles for 12 months. Out of search engines.
 */
export function KeepMyDetailsPage() {
  const { token = '' } = useParams();
  const site = useSitePageStyles();
  const link = { kind: 'rejection', token } as const;
  const { error, isLoading } = useGetTalentPoolOfferQuery(link, { refetchOnMountOrArgChange: true });
  return (
    <div className={site.page}>
      <title>{`Keep my details | ${siteConfig.brandName} Careers`}</title>
      <meta name="robots" content="noindex" />
      <PageHero eyebrow="Talent pool" title="Future roles" />
      {isLoading && <PageLoading label="Loading..." />}
      {error ? (
        <UntitledMessageBar layout="multiline" intent="warning">
          <MessageBarBody>{errorMessage(error)}</MessageBarBody>
        </UntitledMessageBar>
      ) : (
        <TalentPoolOffer link={link} className={site.panel} />
      )}
    </div>
  );
}
