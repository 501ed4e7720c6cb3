import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { JobCard } from '../../../../src/renderer/features/jobs/job-card';
import type { Job } from '../../../../src/shared/jobs/job-contract';
import { NO_FACTS, NO_SALARY_HISTORY } from '../../../../src/shared/jobs/job-facts';
import { renderScreen } from '../../support/test-utils';

const job = (jobTitle: string, fields: Partial<Job>): Job => ({
  _id: `job-${jobTitle}`,
  jobTitle,
  location: 'Northampton',
  hours: 'Full time, 37.5 hours',
  ctc: '£24,000 - £27,000',
  experience: '1-2 years',
  description: 'A job.',
  responsibilities: [],
  requirements: [],
  questions: [],
  questionSetId: null,
  publishTime: '03/01/2026',
  closingDate: null,
  closed: false,
  createdAt: '2026-03-01T10:00:00.000Z',
  updatedAt: '2026-03-01T10:00:00.000Z',
  ...NO_FACTS,
  ...fields,
});

/** The card's tiles as "label: value", and its line beneath them. */
function drawn(card: Job) {
  renderScreen(<JobCard job={card} />);
  const article = screen.getByRole('article', { name: card.jobTitle });
  const labels = within(article)
    .getAllByRole('term')
    .map((term) => term.textContent);
  const values = within(article)
    .getAllByRole('definition')
    .map((value) => value.textContent);
  const beneath = within(article).getByText(NO_SALARY_HISTORY).parentElement!.textContent;
  return { tiles: labels.map((label, index) => `${label}: ${values[index]}`), beneath };
}

describe('a job card’s tiles', () => {
  it('keeps the specification’s tiles for a job posted with texts only', () => {
    // Its CTC states its pay plainly, so the server filled the pay range from it: a year's.
    const { tiles, beneath } = drawn(
      job('Quote Agent', { pay: { min: 24_000, max: 27_000, period: 'year', currency: 'GBP' } }),
    );
    expect(tiles).toEqual([
      'Start Date: Full time, 37.5 hours',
      'CTC (Annual): £24,000 - £27,000',
      'Experience: 1-2 years',
    ]);
    // The same pay in its own words is not said twice.
    expect(beneath).toBe(NO_SALARY_HISTORY);
  });

  it('says "Employment type" and "Pay" where the facts make the specification’s labels untrue', () => {
    const { tiles, beneath } = drawn(
      job('Claims Contractor', {
        location: 'Hybrid · Leeds',
        hours: 'Full-time',
        ctc: '£450 – £550 a day',
        locations: ['Leeds'],
        workplaceType: 'hybrid',
        employmentTypes: ['full-time'],
        pay: { min: 450, max: 550, period: 'day', currency: 'GBP' },
      }),
    );
    expect(tiles).toEqual(['Employment type: Full-time', 'Pay: £450 – £550 a day', 'Experience: 1-2 years']);
    // The title line and the tiles say every fact: the line beneath repeats none.
    expect(beneath).toBe(NO_SALARY_HISTORY);

    const hourly = drawn(
      job('Night Agent', {
        ctc: '£12.50 an hour',
        employmentTypes: ['part-time'],
        hours: 'Part-time',
        pay: { min: 12.5, max: 12.5, period: 'hour', currency: 'GBP' },
      }),
    );
    expect(hourly.tiles.slice(0, 2)).toEqual(['Employment type: Part-time', 'Pay: £12.50 an hour']);
  });

  it('keeps "CTC (Annual)" over a year’s pay, and says beneath only what the texts leave out', () => {
    const { tiles, beneath } = drawn(
      job('Pricing Analyst', {
        ctc: 'Competitive, plus bonus',
        locations: ['Northampton', 'Leeds'],
        workplaceType: 'hybrid',
        pay: { min: 30_000, max: 30_000, period: 'year', currency: 'GBP' },
      }),
    );
    expect(tiles.slice(0, 2)).toEqual([
      'Start Date: Full time, 37.5 hours',
      'CTC (Annual): Competitive, plus bonus',
    ]);
    expect(beneath).toBe(`Hybrid · Northampton, Leeds · £30,000 a year${NO_SALARY_HISTORY}`);
  });
});
