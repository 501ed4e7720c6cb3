// 50 realistic job posts for a UK insurance quote-search company, created through the API as an
// admin would (POST /api/post). Deterministic, so every run serves the same /api/all bytes.
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
