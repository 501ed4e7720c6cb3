import type { Job } from './job-contract';
import { employmentTypesFromText, payFromText, placeFromText, type JobFacts } from './job-facts';

// A job object is never changed once read (answers are parsed afresh), so its facts are worked out
// once: the search reads them for every job, every filter and every option's count.
const known = new WeakMap<Job, JobFacts>();

/**
 * A job's facts as everyone reads them: the careers home's search and the counts on its options,
 * the JobPosting search engines read and the job-board feeds, and whatever else says what a job is
 * (docs/behaviour.md#one-source-of-facts). Worked out here alone, so a job can never be listed as
 * remote by a feed and left out by the Remote filter.
 *
 * Each fact the administrator set is taken as it is; one left empty is read from the text only
 * where the text states it plainly, by the rules that filled existing jobs' facts
 * (docs/behaviour.md#job-facts): a job posted with its texts only is still found by its place,
 * type and pay. Nothing else is guessed, and the department has no text to read.
 */
export function publishedFacts(job: Job): JobFacts {
  let facts = known.get(job);
  if (!facts) {
    facts = factsOf(job);
    known.set(job, facts);
  }
  return facts;
}

function factsOf(job: Job): JobFacts {
  const stated = placeFromText(job.location);
  const workplaceType = job.workplaceType ?? stated?.workplaceType ?? null;
  return {
    department: job.department,
    locations: job.locations.length > 0 ? job.locations : (stated?.locations ?? []),
    workplaceType,
    // The country belongs with the remote work it qualifies: the stored one, else the text's own
    // when that text is where "remote" came from.
    remoteCountry:
      job.remoteCountry ??
      (workplaceType === 'remote' && stated?.workplaceType === 'remote' ? stated.remoteCountry : null),
    employmentTypes:
      job.employmentTypes.length > 0 ? job.employmentTypes : employmentTypesFromText(job.hours),
    pay: job.pay ?? payFromText(job.ctc),
  };
}
