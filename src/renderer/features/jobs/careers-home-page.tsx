import { useEffect, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { BriefcaseSearchRegular } from '@fluentui/react-icons/headless/svg/briefcase-search';
import { MailRegular } from '@fluentui/react-icons/headless/svg/mail';
import { PeopleRegular } from '@fluentui/react-icons/headless/svg/people';
import {
  applicableSearch,
  filterOptions,
  filterWords,
  readJobSearch,
  resultWords,
  searchJobs,
  searchQuery,
  setParams,
  vocabularyOf,
  vocabularyOfOptions,
  without,
  type SearchVocabulary,
} from '../../../shared/jobs/job-search';
import { describeSearch } from '../../../shared/job-alerts/search-words';
import { screens } from '../../../shared/site/screen-routes';
import { siteConfig } from '../../../shared/site/site-config';
import { useDrawnSearch } from '../../lib/drawn-search';
import { useSession } from '../../store/use-session';
import { PageHero } from '../../components/page-hero';
import { JobCard } from './job-card';
import { JobListSkeleton } from './job-list-skeleton';
import { useGetJobsQuery } from './jobs-api';
import { JobSearchForm } from './job-search-form';
import { useDeleteJob } from './use-delete-job';
import { useStyles } from './careers-home-page.styles';

/**
 * The search the address asks for, and the order its filters were set in. A department or town
 * the open jobs do not name is dropped, as the server drops it when it draws the page.
 */
function readSearch(query: string, vocabulary: SearchVocabulary | undefined) {
  const params = new URLSearchParams(query);
  const asked = readJobSearch(params);
  const search = vocabulary ? applicableSearch(asked, vocabulary) : asked;
  return { search, order: setParams(search, [...params.keys()]) };
}

const noSubscription = () => () => undefined;

export interface CareersHomePageProps {
  /**
   * The job-alert sign-up for the search shown (its query string), from the job-alerts feature
   * (app-routes.tsx). Drawn once the app runs: the server's prerender leaves it out.
   */
  alertSignUp?: (search: { query: string; description: string }) => ReactNode;
  /**
   * The same sign-up as a plain HTML form, for a browser that runs no script: drawn inside
   * <noscript> until the app runs, so no other visitor sees it (docs/behaviour.md#job-alerts).
   */
  alertPlainForm?: (search: { query: string; description: string }) => ReactNode;
}

export function CareersHomePage({ alertSignUp, alertPlainForm }: CareersHomePageProps = {}) {
  const styles = useStyles();
  // False in the prerender and while hydrating, true once the app runs.
  const running = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  const { data: jobs, error } = useGetJobsQuery();
  const { isAdmin } = useSession();
  const deleteJob = useDeleteJob();
  // The search is the address's query (docs/behaviour.md#job-search): the server's prerender reads
  // the same address, so both draw the same list.
  const { search: query } = useLocation();
  // A search page the server drew carries only what it lists: shown until the open jobs arrive,
  // and drawn alike here while hydrating.
  const drawn = useDrawnSearch();
  const vocabulary = useMemo(
    () => (jobs ? vocabularyOf(jobs) : drawn ? vocabularyOfOptions(drawn.options) : undefined),
    [jobs, drawn],
  );
  const asked = useMemo(() => readSearch(query, vocabulary), [query, vocabulary]);
  const view = useMemo(() => {
    const { search, order } = asked;
    if (jobs)
      return { total: jobs.length, shown: searchJobs(jobs, search), options: filterOptions(jobs, search) };
    if (drawn && drawn.query === searchQuery(search, order))
      return { total: drawn.jobs.length, shown: drawn.jobs, options: drawn.options };
    return undefined;
  }, [jobs, drawn, asked]);
  const { search, order } = asked;
  const shown = view?.shown ?? [];
  const searching = order.length > 0;
  const last = order.at(-1);
  const home = screens.home.path();

  useEffect(() => {
    // A failed load is only logged; the list keeps its loading look.
    if (error) console.error('job posts failed to load', error);
  }, [error]);

  // The skeleton stays until the posts arrive: an empty state shown before the answer (or after a
  // failed load) would tell visitors there are no jobs when that is not known.
  const showSkeleton = !view;

  const alertSearch = {
    query: searchQuery(search, order),
    description: describeSearch(search, vocabulary?.departments ?? new Map()),
  };
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
          {view && (view.total > 0 || searching) && (
            // Announced when it changes, so a screen reader hears what a search found.
            <p className={styles.count} role="status">
              {resultWords(shown.length, searching)}
            </p>
          )}
        </div>
        {view && (view.total > 0 || searching) && (
          <JobSearchForm search={search} order={order} options={view.options} />
        )}
        {showSkeleton ? (
          <div className={styles.grid}>
            <span className="visually-hidden" role="status">
              Loading open positions...
            </span>
            <JobListSkeleton />
          </div>
        ) : shown.length > 0 ? (
          <div className={styles.grid}>
            {shown.map((job) => (
              <JobCard key={job._id} job={job} isAdmin={isAdmin} onDelete={(id) => void deleteJob(id)} />
            ))}
          </div>
        ) : searching && last && view ? (
          <div className={styles.empty}>
            <BriefcaseSearchRegular className={styles.emptyIcon} aria-hidden="true" />
            <h3 className={styles.emptyTitle}>No jobs match your search</h3>
            <p className={styles.text}>
              <Link to={`${home}${searchQuery(without(search, last), order)}`}>
                Clear the last filter ({filterWords(search, last, view.options)})
              </Link>
              {order.length > 1 && (
                <>
                  {' or '}
                  <Link to={home}>clear all filters</Link>
                </>
              )}
              .
            </p>
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

      {view && running && alertSignUp?.(alertSearch)}
      {view && !running && alertPlainForm && <noscript>{alertPlainForm(alertSearch)}</noscript>}

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
        <Link className={styles.ctaLink} to={screens.talentPoolJoin.path()}>
          <PeopleRegular aria-hidden="true" />
          Join our talent pool
        </Link>
      </section>
    </div>
  );
}
