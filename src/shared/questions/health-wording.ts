/**
 * Words that make a job question read as a question about health or disability. Before a job
 * offer the Equality Act 2010 (s.60) allows such questions only to arrange adjustments and for
 * equality monitoring, which the apply form asks on its own; so the question editor refuses
 * these. It is a guard, not a guarantee: a list of words cannot read meaning, so it misses a
 * question that avoids them and may refuse an innocent one (docs/behaviour.md#questions-per-job).
 * Each entry matches as a whole word or phrase, case-insensitively, with an optional plural "s".
 */
export const HEALTH_WORDS: readonly string[] = [
  'health',
  'healthy',
  'disability',
  'disabilities',
  'disabled',
  'impairment',
  'illness',
  'ill',
  'sick',
  'sickness',
  'sick leave',
  'medical',
  'medication',
  'medicine',
  'prescription',
  'diagnosis',
  'diagnosed',
  'symptom',
  'injury',
  'injuries',
  'surgery',
  'hospital',
  'doctor',
  'gp',
  'therapy',
  'treatment',
  'mental',
  'depression',
  'anxiety',
  'allergy',
  'allergies',
  'asthma',
  'diabetes',
  'diabetic',
  'epilepsy',
  'epileptic',
  'cancer',
  'hiv',
  'dyslexia',
  'dyslexic',
  'autism',
  'autistic',
  'adhd',
  'neurodivergent',
  'wheelchair',
  'blind',
  'deaf',
  'hearing',
  'eyesight',
  'mobility',
];

const escape = (word: string) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const HEALTH_PATTERN = new RegExp(
  `(?<![\\p{L}\\p{N}])(${HEALTH_WORDS.map((word) => escape(word).replace(/ /g, '\\s+')).join('|')})s?(?![\\p{L}\\p{N}])`,
  'iu',
);

/** The first health or disability word in a text, as written there; undefined when none. */
export function healthWordIn(text: string): string | undefined {
  return HEALTH_PATTERN.exec(text)?.[0];
}

/** Why the editor refuses a question, naming the word it found. */
export const healthWordingMessage = (label: string, word: string): string =>
  `${label} uses "${word}", which reads as a question about health or disability. Before a job offer ` +
  'the law allows such questions only to arrange adjustments or for equality monitoring, which the ' +
  'apply form asks separately. Ask about what the role needs instead, such as "Can you work ' +
  'weekend shifts?".';
