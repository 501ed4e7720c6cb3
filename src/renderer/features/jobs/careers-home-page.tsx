import { useEffect } from 'react';
import { BriefcaseSearchRegular } from '@fluentui/react-icons/headless/svg/briefcase-search';
import { MailRegular } from '@fluentui/react-icons/headless/svg/mail';
import { siteConfig } from '../../../shared/site/site-config';
import { useSession } from '../../store/use-session';
import { PageHero } from '../../components/page-hero';
import { JobCard } from './job-card';
import { JobListSkeleton } from './job-list-skeleton';
import { useGetJobsQuery } from './jobs-api';
import { useDeleteJob } from './use-delete-job';
import { useStyles } from './careers-home-page.styles';

export function CareersHomePage() {
  const styles = useStyles();
  const { data: jobs, error } = useGetJobsQuery();
  const { isAdmin } = useSession();
  const deleteJob = useDeleteJob();

  useEffect(() => {
    // A failed load is only logged; the list keeps its loading look.
    if (error) console.error('job posts failed to load', error);
  }, [error]);

  // The skeleton stays until the posts arrive: an empty state shown before the answer (or after a
  // failed load) would tell visitors there are no jobs when that is not known.
  const showSkeleton = !jobs;

  return (
    <div className={styles.page}>
      <title>{`Careers | ${siteConfig.brandName}`}</title>
      <PageHero
        eyebrow={`Careers at ${siteConfig.brandName}`}
        title="Career Opportunities"
        lead="Join a friendly, multilingual team in Northampton that helps customers across the UK find the right insurance at the right price."
      />

      <section className={styles.section} aria-labelledby="open-positions-heading" aria-busy={showSkeleton}>
        <div className={styles.sectionHead}>
          <h2 id="open-positions-heading" className={styles.heading}>
            Open Positions
          </h2>
          {jobs && jobs.length > 0 && (
            <p className={styles.count}>
              {jobs.length} {jobs.length === 1 ? 'role' : 'roles'} available
            </p>
          )}
        </div>
        {showSkeleton ? (
          <div className={styles.grid}>
            <span className="visually-hidden" role="status">
              Loading open positions...
            </span>
            <JobListSkeleton />
          </div>
        ) : jobs && jobs.length > 0 ? (
          <div className={styles.grid}>
            {jobs.map((job) => (
              <JobCard key={job._id} job={job} isAdmin={isAdmin} onDelete={(id) => void deleteJob(id)} />
            ))}
          </div>
        ) : (
          <div className={styles.empty}>
            <BriefcaseSearchRegular className={styles.emptyIcon} aria-hidden="true" />
            <h3 className={styles.emptyTitle}>No Open Positions</h3>
            <p className={styles.text}>
              There are no open positions at the moment. Please check back later: new roles are posted here
              first.
            </p>
          </div>
        )}
      </section>

      <section className={styles.cta} aria-labelledby="cv-heading">
        <div className={styles.ctaText}>
          <h2 id="cv-heading" className={styles.heading}>
            Can&apos;t Find the Right Role?
          </h2>
          <p className={styles.text}>
            We are always happy to hear from talented people. Send us your CV and we will keep it on file for
            future opportunities.
          </p>
        </div>
        <a className={styles.ctaLink} href={`mailto:${siteConfig.careersEmail}`}>
          <MailRegular aria-hidden="true" />
          Send Your CV
        </a>
      </section>
    </div>
  );
}
