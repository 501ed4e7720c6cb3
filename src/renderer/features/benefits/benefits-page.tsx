import { PageHero } from '../../components/page-hero';
import { useSitePageStyles } from '../../components/site-styles';
import { useGetBenefitsQuery } from './benefits-api';

export function BenefitsPage() {
  const site = useSitePageStyles();
  const { data: benefits = [], isLoading } = useGetBenefitsQuery();
  return (
    <div className={site.page}>
      <title>Benefits | Careers</title>
      <PageHero eyebrow="Benefits" title="Benefits" lead="What working here gives you besides your pay." />
      {isLoading ? (
        <p role="status">Loading...</p>
      ) : (
        <ul aria-label="Benefits">
          {benefits.map((benefit) => (
            <li key={benefit.id}>
              <h2>{benefit.title}</h2>
              <p>{benefit.detail}</p>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
