import { isId } from '../../shared/http/id';
import { toPublicJob, type Job } from '../../shared/jobs/job-contract';
import type { Representation } from '../http/representation';
import type { JobRepository } from '../jobs/job-repository';
import type { OpenJobs, OpenJobsCache } from '../jobs/open-jobs-cache';
import type { DrawnPages } from './drawn-pages';
import type { Served } from './page-html';
import { DEFAULT_KEPT_CLOSED_JOB_PAGES } from '../config';

/** Draws a job's page; `drawn` hears whether it is final (see DrawPage in drawn-pages.ts). */
export type DrawJobPage = (job: Job, drawn?: (final: boolean) => void) => Promise<Representation>;

/**
 * The pages of `/apply/:id`: an open job's page is kept as long as the open jobs it was drawn
 * from stay the same (drawn-pages.ts), a closed job's is read each time and drawn once per
 * version of the job; an unknown job has no page (undefined).
 */
export function createJobPages(context: {
  jobs: JobRepository;
  openJobs: OpenJobsCache;
  draw: DrawJobPage;
  /** Where open jobs' pages are kept, and what else (beside the open jobs) they are drawn from. */
  drawn: DrawnPages;
  basis: (open: OpenJobs) => readonly unknown[];
  /** Closed jobs' pages kept drawn at most. */
  keptClosed?: number;
}): {
  page: (id: string) => Promise<Served | undefined>;
  /** The open job's page drawn from `open`, drawn now unless it already is (background redraws). */
  drawOpen: (open: OpenJobs, job: Job) => Promise<Representation>;
  /** Closed jobs' pages kept now. */
  held: () => number;
} {
  const { jobs, openJobs, draw, drawn, basis, keptClosed = DEFAULT_KEPT_CLOSED_JOB_PAGES } = context;

  const drawOpen = (open: OpenJobs, job: Job) =>
    drawn.page(jobPageAddress(job._id), basis(open), (done) => draw(job, done));

  /**
   * Closed jobs' pages, each drawn once for the job as it is now: kept by the job's id with the
   * public form it was drawn from (its last edit included), so an edit draws it again and a job
   * reopened is served from the open jobs. Only a final page is kept: one that went out as the
   * plain shell because its prerender failed is tried again by the next visitor.
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
    let final = false;
    const entry = { drawnFrom, page: draw(job, (drawn) => (final = drawn)) };
    closedPages.set(job._id, entry);
    while (closedPages.size > keptClosed) closedPages.delete(closedPages.keys().next().value!);
    const forget = () => {
      if (closedPages.get(job._id) === entry) closedPages.delete(job._id);
    };
    void entry.page.then(() => {
      if (!final) forget();
    }, forget);
    return entry.page;
  };

  return {
    drawOpen,
    held: () => closedPages.size,
    page: async (id) => {
      const open = await openJobs.get();
      const openJob = open.jobs.find((job) => job._id === id);
      if (openJob) {
        const address = jobPageAddress(id);
        return {
          status: 200,
          page: await drawOpen(open, openJob),
          current: () => {
            const now = openJobs.peek();
            return now && drawn.current(address, basis(now));
          },
        };
      }
      // A closed (or unknown) job is read each time: its page is drawn once per version of the job.
      const job = isId(id) ? await jobs.find(id) : undefined;
      return job && { status: 200, page: await closedJobPage(toPublicJob(job)) };
    },
  };
}

/** An open job's page's address, as the drawn pages know it. */
export const jobPageAddress = (id: string) => `/apply/${id}`;
