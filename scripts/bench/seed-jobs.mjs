// Job posts for a UK insurance quote-search company, created through the API as an admin would
// (POST /api/post): 50 plain posts for most rows, and open jobs with structured facts for the careers
// home's search (below). Deterministic, so every run serves the same pages and /api/all bytes.
import { requestJson } from './http-client.mjs';

const ROLES = [
  ['Senior Backend Engineer', 'Engineering', '£65,000 - £80,000', '5+ years'],
  ['Frontend Engineer (React)', 'Engineering', '£50,000 - £65,000', '3+ years'],
  ['Data Analyst, Pricing', 'Data', '£40,000 - £50,000', '2+ years'],
  ['Customer Service Adviser', 'Operations', '£23,500 + bonus', 'No experience needed'],
  ['Motor Claims Handler', 'Claims', '£26,000 - £30,000', '1+ year'],
  ['Product Manager, Home Insurance', 'Product', '£60,000 - £75,000', '4+ years'],
  ['Compliance Officer', 'Risk', '£45,000 - £55,000', '3+ years'],
  ['Site Reliability Engineer', 'Engineering', '£60,000 - £78,000', '4+ years'],
  ['Marketing Executive, SEO', 'Marketing', '£30,000 - £36,000', '1+ year'],
  ['Partnerships Manager', 'Commercial', '£48,000 - £58,000', '3+ years'],
];
const PLACES = ['Northampton', 'Peterborough', 'London (hybrid)', 'Manchester', 'Remote (UK)'];
const HOURS = ['Full time, 37.5 hours', 'Full time, 4 days in office', 'Part time, 22.5 hours'];
const DUTIES = [
  'Own features from the first conversation with customers to the release and beyond.',
  'Work with underwriters and insurer partners to keep quotes accurate and fast.',
  'Review the work of colleagues and share what you know in pairing sessions.',
  'Keep an eye on service health, quote volumes and conversion every day.',
  'Treat customers fairly and record every decision in line with FCA rules.',
  'Improve the tools the team uses, and write down how things work.',
];
const NEEDS = [
  'Clear written and spoken English; you explain decisions in plain words.',
  'Experience in a regulated business, ideally financial services.',
  'Comfortable with numbers and with checking your own work.',
  'Right to work in the UK (we cannot sponsor visas for this role).',
  'A calm way with customers who are having a bad day.',
  'Curiosity about how insurance prices are made.',
];

/** Post number i (0..49): a role, a place, a few hundred bytes of description, 3-5 list items. */
export function jobPost(i) {
  const [title, team, ctc, experience] = ROLES[i % ROLES.length];
  const location = PLACES[Math.floor(i / ROLES.length) % PLACES.length];
  const pick = (list, count, offset) =>
    Array.from({ length: count }, (_, k) => list[(i + offset + k) % list.length]);
  return {
    jobTitle: `${title}${i >= ROLES.length ? ` (${location.split(' ')[0]})` : ''}`,
    location,
    hours: HOURS[i % HOURS.length],
    ctc,
    experience,
    description:
      `Join our ${team} team in ${location}. We help more than two million drivers and homeowners a year ` +
      'compare car, home and van insurance from over 100 UK insurers, and we are growing. In this role ' +
      'you will make that comparison quicker, clearer and fairer. You will work in a small team with a ' +
      'lot of freedom, a generous training budget, 28 days of holiday plus bank holidays, private ' +
      `medical cover and a pension with a 6% employer contribution. Reference ${1000 + i}.`,
    responsibilities: pick(DUTIES, 3 + (i % 3), 0),
    requirements: pick(NEEDS, 3 + ((i + 1) % 3), 2),
  };
}

/** Creates `count` posts through the API; resolves with their ids. */
export async function createJobPosts(baseUrl, token, count) {
  const ids = [];
  for (let i = 0; i < count; i++) {
    const { insertedId } = await requestJson(`${baseUrl}/api/post`, {
      method: 'POST',
      token,
      body: jobPost(i),
      expect: 201,
    });
    ids.push(insertedId);
  }
  return ids;
}

// --- Open jobs with structured facts, for the careers home's search and filters
// (docs/behaviour.md#job-search): departments, towns, workplace and employment types and pay,
// varied like a real board (most jobs full-time and paid a year, a few contracts paid a day and
// part-time roles paid an hour), from a seeded generator so every run serves the same pages.

export const DEPARTMENTS = [
  'Engineering',
  'Data & Pricing',
  'Claims',
  'Customer Service',
  'Product',
  'Risk & Compliance',
  'Marketing',
  'Commercial Partnerships',
  'Finance',
  'People',
];
export const TOWNS = [
  'Northampton',
  'Peterborough',
  'London',
  'Manchester',
  'Leeds',
  'Bristol',
  'Birmingham',
  'Glasgow',
  'Cardiff',
  'Edinburgh',
];
const LEVELS = ['Junior', '', 'Senior', 'Lead', 'Principal'];
const ROLES_BY_DEPARTMENT = [
  ['Backend Engineer', 'Frontend Engineer', 'Site Reliability Engineer', 'QA Engineer'],
  ['Data Analyst', 'Pricing Analyst', 'Data Engineer', 'Actuarial Analyst'],
  ['Motor Claims Handler', 'Home Claims Handler', 'Claims Team Leader', 'Fraud Investigator'],
  ['Customer Service Adviser', 'Complaints Handler', 'Renewals Adviser', 'Live Chat Adviser'],
  ['Product Manager', 'Product Designer', 'User Researcher', 'Delivery Manager'],
  ['Compliance Officer', 'Risk Analyst', 'Data Protection Officer', 'Financial Crime Analyst'],
  ['Marketing Executive', 'SEO Specialist', 'Content Designer', 'CRM Manager'],
  ['Partnerships Manager', 'Insurer Account Manager', 'Commercial Analyst', 'Business Developer'],
  ['Management Accountant', 'Payroll Officer', 'Finance Analyst', 'Credit Controller'],
  ['Recruiter', 'People Partner', 'Learning Designer', 'Reward Analyst'],
];
/** Yearly pay at the plain level of each department; levels scale it. */
const BASE_PAY = [55_000, 42_000, 27_000, 23_500, 58_000, 46_000, 33_000, 48_000, 40_000, 36_000];
const LEVEL_FACTOR = [0.75, 1, 1.3, 1.55, 1.8];
const PRODUCTS = ['car', 'home', 'van', 'pet', 'travel', 'bike'];

/** A small seeded generator (mulberry32): the same facts on every run and every machine. */
function seeded(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * The facts of `count` jobs (departments by index into DEPARTMENTS): what the filters read, and
 * the text the free-text search reads, so the benchmark can tell how many each search must find.
 */
export function searchableJobFacts(count) {
  const random = seeded(34);
  const pick = (list) => list[Math.floor(random() * list.length)];
  const round = (value, step) => Math.round(value / step) * step;
  return Array.from({ length: count }, (_, i) => {
    const department = Math.floor(random() * DEPARTMENTS.length);
    const level = Math.floor(random() * LEVELS.length);
    const product = pick(PRODUCTS);
    const jobTitle = [LEVELS[level], pick(ROLES_BY_DEPARTMENT[department]), `(${product} insurance)`]
      .filter(Boolean)
      .join(' ');
    const towns = [pick(TOWNS)];
    if (random() < 0.2) towns.push(pick(TOWNS.filter((town) => town !== towns[0])));
    const roll = random();
    const workplaceType = roll < 0.5 ? 'hybrid' : roll < 0.8 ? 'on-site' : 'remote';
    const kind = random();
    const employmentTypes =
      kind < 0.62
        ? ['full-time']
        : kind < 0.72
          ? ['full-time', 'part-time']
          : kind < 0.82
            ? ['part-time']
            : kind < 0.9
              ? ['fixed-term']
              : kind < 0.95
                ? ['contract']
                : kind < 0.98
                  ? ['apprenticeship']
                  : ['internship'];
    const yearly = BASE_PAY[department] * LEVEL_FACTOR[level];
    const spread = 1.1 + random() * 0.2;
    // Every job has pay: the server requires it by default (REQUIRE_PAY_RANGE).
    const pay =
      employmentTypes[0] === 'contract'
        ? { min: round(yearly / 180, 25), max: round((yearly / 180) * spread, 25), period: 'day' }
        : employmentTypes[0] === 'part-time' && department === 3
          ? { min: 12.21, max: round(12.21 * spread, 0.25), period: 'hour' }
          : { min: round(yearly, 500), max: round(yearly * spread, 500), period: 'year' };
    const description =
      `Join our ${DEPARTMENTS[department]} team. We help more than two million drivers and homeowners a year ` +
      `compare ${product} insurance from over 100 UK insurers. In this role you will make that comparison ` +
      'quicker, clearer and fairer, in a small team with a generous training budget, 28 days of holiday ' +
      `plus bank holidays, private medical cover and a 6% employer pension. Reference ${5000 + i}.`;
    const requirements = [NEEDS[i % NEEDS.length], NEEDS[(i + 2) % NEEDS.length]];
    return {
      department,
      jobTitle,
      towns,
      workplaceType,
      employmentTypes,
      pay,
      description,
      requirements,
      responsibilities: [DUTIES[i % DUTIES.length], DUTIES[(i + 3) % DUTIES.length]],
      experience: ['No experience needed', '1+ year', '2+ years', '4+ years', '6+ years'][level],
    };
  });
}

/**
 * Creates the departments and `count` open jobs with facts through the API, as an administrator
 * would. Resolves with each job's facts and the departments' slugs (as the server made them).
 */
export async function createSearchableJobs(baseUrl, token, count) {
  const departmentIds = [];
  for (const name of DEPARTMENTS) {
    const { insertedId } = await requestJson(`${baseUrl}/api/departments`, {
      method: 'POST',
      token,
      body: { name },
      expect: 201,
    });
    departmentIds.push(insertedId);
  }
  const listed = await requestJson(`${baseUrl}/api/departments`, { token });
  const slugs = departmentIds.map((id) => listed.find((entry) => entry._id === id).slug);
  const jobs = searchableJobFacts(count);
  for (const job of jobs) {
    await requestJson(`${baseUrl}/api/post`, {
      method: 'POST',
      token,
      expect: 201,
      body: {
        jobTitle: job.jobTitle,
        experience: job.experience,
        description: job.description,
        responsibilities: job.responsibilities,
        requirements: job.requirements,
        departmentId: departmentIds[job.department],
        locations: job.towns,
        workplaceType: job.workplaceType,
        remoteCountry: job.workplaceType === 'remote' ? 'UK' : null,
        employmentTypes: job.employmentTypes,
        pay: job.pay,
      },
    });
  }
  return { jobs, slugs };
}
