import { screens } from './screen-routes';
import { siteConfig } from './site-config';

/** Bump when the notice's substance changes: each application records the version it was shown. */
export const PRIVACY_NOTICE_VERSION = '2026-11-26';
export const PRIVACY_NOTICE_PATH = screens.privacy.path();

export interface NoticeSection {
  heading: string;
  paragraphs: string[];
  /** The section's anchor on /privacy, where one is linked to. */
  id?: string;
}

/** The full notice's section on the applicant's private link, which holds the lost-link form. */
export const PRIVATE_LINK_SECTION_ID = 'private-link';

const ico = 'the Information Commissioner’s Office (ICO), at ico.org.uk or on 0303 123 1113';

/** The short notice on the apply form (UK GDPR article 13): one line per question an applicant has. */
export const privacySummary = (retentionDays: number) => [
  {
    term: 'Who collects it',
    text: `${siteConfig.legalName} (ICO registration ${siteConfig.icoRegistrationNumber}).`,
  },
  { term: 'Why', text: 'To consider you for this role and to contact you about your application.' },
  {
    term: 'Lawful basis',
    text: 'Taking steps at your request before a possible employment contract, and our legitimate interest in recruiting.',
  },
  {
    term: 'Who sees it',
    text: 'Our recruitment team and the hiring manager only. We never sell it or use it for marketing.',
  },
  {
    term: 'How long',
    text: `${retentionDays} days from the day you apply, then it is deleted with your CV. If we hire you, your application and your right-to-work check are kept while you work for us and for two years after.`,
  },
  {
    term: 'Your rights',
    text: `To see, correct or delete your data, or to object; e-mail ${siteConfig.careersEmail}. You can also complain to ${ico}.`,
  },
  {
    term: 'Your private link',
    text: 'Our confirmation e-mail holds a private link to your application: use it to see where it stands, withdraw it or have it erased, without an account. Keep it to yourself; lost it? Ask for a new one on our privacy page.',
  },
];

/** The full applicant privacy notice (/privacy). */
export const privacyNotice = (retentionDays: number): NoticeSection[] => [
  {
    heading: 'Who we are',
    paragraphs: [
      `${siteConfig.legalName} is the controller of the personal data you give us when you apply for a job. ${siteConfig.legalForm}, company number ${siteConfig.companyNumber}, registered with the ${siteConfig.regulator.name} under number ${siteConfig.icoRegistrationNumber}.`,
    ],
  },
  {
    heading: 'What we collect',
    paragraphs: [
      'Your name, e-mail address, phone number, cover letter and CV, the job you applied for and when. If you apply for the same job again within 30 days, we keep both applications together.',
    ],
  },
  {
    heading: 'Why we use it, and our lawful basis',
    paragraphs: [
      'We use your data to assess your application, to contact you about it, and to run a fair recruitment process. Our lawful basis is taking steps at your request before entering into a contract with you (UK GDPR article 6(1)(b)) and our legitimate interest in recruiting the right people (article 6(1)(f)). We do not make decisions about you by automated means alone.',
    ],
  },
  {
    heading: 'Who sees it',
    paragraphs: [
      'Only our recruitment team and the managers hiring for the role. Our hosting and e-mail providers process it for us under contract and only on our instructions. We never sell your data or use it for marketing. Every time someone views your application or your CV, we record who did it and when.',
    ],
  },
  {
    heading: 'How long we keep it',
    paragraphs: [
      `${retentionDays} days from the day you apply. After that your application and your CV are deleted automatically. If you are offered a job, what we need for your employment moves to your staff record under a separate notice.`,
      'If we hire you, your application and your right-to-work check (below) are not deleted after those days: the law requires us to keep the check for as long as you work for us and for two years after your employment ends, and we delete both then.',
    ],
  },
  {
    heading: 'Your right to work in the UK',
    id: 'right-to-work',
    paragraphs: [
      'Every UK employer must check that the person it employs has the right to work in the UK before the work starts (Immigration, Asylum and Nationality Act 2006). If we offer you a job, we check it: by looking at your original documents with you, through the Home Office’s online service with a share code you give us, or through a certified identity service provider. We record how and when we checked, which of our administrators checked it, and keep a copy of the document or of the online result. If your permission is for a limited time, we also record the date to check it again, and remind ourselves before then.',
      'Our lawful basis is our legal obligation (UK GDPR article 6(1)(c)). Only our administrators can see the check and its copy; hiring managers and interviewers cannot. If you are not hired, the check is deleted with your application; if you are, it is kept as described under How long we keep it.',
    ],
  },
  {
    heading: 'Your rights',
    paragraphs: [
      `You have the right to a copy of your data, to have it corrected or deleted, to restrict or object to our use of it, and to withdraw your application at any time. To use any of these rights, e-mail ${siteConfig.careersEmail}; we answer within one month and it is free of charge.`,
      `If you are unhappy with how we handle your data, please tell us first. You also have the right to complain to ${ico}.`,
    ],
  },
  {
    heading: 'Adjustments and equality monitoring',
    paragraphs: [
      'The apply form asks, if you wish, what adjustments you need to apply or to be interviewed, and whether you would like to be considered under the Disability Confident scheme. Your answer is kept apart from the rest of your application and read only by our named adjustments contact, who arranges what you need. The people shortlisting never see it; if you opt in to the scheme they see only that you are to be interviewed if you meet the minimum criteria for the role. We use it under our duty to make reasonable adjustments (Equality Act 2010), as employment law allows for health information (UK GDPR article 9(2)(b)). It is deleted with your application.',
      'After you apply we offer a few equality monitoring questions (age, sex, gender identity, ethnic group, disability, religion or belief, sexual orientation). Every one is optional and has "Prefer not to say". Your answers are stored apart from your application, with no name, e-mail address, date or reference that leads back to you or to it, and nobody deciding on your application can see them. We use them only to check our recruitment is fair (Data Protection Act 2018, schedule 1, paragraph 8), and report them only as totals for each stage of the process, never for a group of fewer than five people. They are deleted on the same clock as applications.',
    ],
  },
  {
    heading: 'Your private link to your application',
    id: PRIVATE_LINK_SECTION_ID,
    paragraphs: [
      'The e-mail confirming your application holds a private link to it. Open it at any time, without an account or password, to see where your application stands (received, in progress, successful or closed), to withdraw it, or to have it erased. Erasing deletes the application, your CV, our notes about it and the record of who looked at it, at once and for good; we keep only a note that an erasure happened, without your e-mail address.',
      `Anyone who has the link can do the same, so keep it to yourself and do not forward that e-mail. The link stops working once you withdraw or erase the application, when it is deleted after ${retentionDays} days, and when we send you a new one. We keep only a scrambled form of it (a hash), so not even our own staff can read it from our records.`,
      'Lost it? Enter the e-mail address you applied with below, and we will e-mail a new link for each application we hold for that address, to that address only. We give the same answer whether or not we hold anything for it, so nobody can use the form to find out who applied.',
    ],
  },
];
