import { isId } from '../../shared/http/id';
import { toPublicJob, type Job } from '../../shared/jobs/job-contract';
import type { Representation } from '../http/representation';
import type { JobRepository } from '../jobs/job-repository';
import type { OpenJobs, OpenJobsCache } from '../jobs/open-jobs-cache';
import type { Prerendered } from '../../shared/site/prerender';
import type { Served } from './page-html';

/** Closed jobs' pages kept drawn (a few KB to tens of KB each); the least recently asked for go first. */
const CLOSED_JOB_PAGES = 32;

/** Draws a job's page; `drawn` hears whether the prerender drew it (undefined: the plain shell went out). */
export type DrawJobPage = (
  job: Job,
  drawn?: (prerendered: Prerendered | undefined) => void,
) => Promise<Representation>;

/**
 * The pages of `/apply/:id`: an open job's page is kept as long as the open jobs it was drawn
 * from (a job change drops both), a closed job's is read each time and drawn once per version of
 * the job; an unknown job has no page (undefined).
 */
export function createJobPages(context: {
  jobs: JobRepository;
  openJobs: OpenJobsCache;
  draw: DrawJobPage;
}): (id: string) => Promise<Served | undefined> {
  const { jobs, openJobs, draw } = context;
  // A promise, so visitors arriving while the page is prerendered all wait for the one render.
  const jobPages = new WeakMap<OpenJobs, Map<string, Promise<Representation>>>();
  const prerenderedJobPages = new WeakMap<OpenJobs, Map<string, Representation>>();

  /**
   * Closed jobs' pages, each drawn once for the job as it is now: kept by the job's id with the
   * public form it was drawn from (its last edit included), so an edit draws it again and a job
   * reopened is served from the open jobs. Only a page the prerender drew is kept: one that went
   * out as the plain shell (a prerender that failed) is tried again by the next visitor.
   */
  const closedPages = new Map<string, { drawnFrom: string; page: Promise<Representation> }>();
  const closedJobPage = (job: Job): Promise<Representation> => {
    const drawnFrom = JSON.stringify(job);
    const kept = closedPages.get(job._id);
    closedPages.delete(job._id);
    if (kept?.drawnFrom === drawnFrom) {
      closedPages.set(job._id, kept);
      return kept.page;
    }
    let prerendered = false;
    const entry = {
      drawnFrom,
      page: draw(job, (drawn) => (prerendered = drawn !== undefined)),
    };
    closedPages.set(job._id, entry);
    if (closedPages.size > CLOSED_JOB_PAGES) closedPages.delete(closedPages.keys().next().value!);
    const forget = () => {
      if (closedPages.get(job._id) === entry) closedPages.delete(job._id);
    };
    void entry.page.then(() => {
      if (!prerendered) forget();
    }, forget);
    return entry.page;
  };

  return async (id) => {
    const open = await openJobs.get();
    const openJob = open.jobs.find((job) => job._id === id);
    if (openJob) {
      const pages = jobPages.get(open) ?? new Map<string, Promise<Representation>>();
      jobPages.set(open, pages);
      let rendered = pages.get(id);
      if (!rendered) {
        pages.set(id, (rendered = draw(openJob)));
        void rendered.then(
          (page) => {
            const done = prerenderedJobPages.get(open) ?? new Map<string, Representation>();
            prerenderedJobPages.set(open, done.set(id, page));
          },
          () => pages.delete(id),
        );
      }
      return {
        status: 200,
        page: await rendered,
        current: () => {
          const now = openJobs.peek();
          return now && prerenderedJobPages.get(now)?.get(id);
        },
      };
    }
    // A closed (or unknown) job is read each time: its page is drawn once per version of the job.
    const job = isId(id) ? await jobs.find(id) : undefined;
    return job && { status: 200, page: await closedJobPage(toPublicJob(job)) };
  };
}
