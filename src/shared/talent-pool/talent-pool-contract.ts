import { z } from 'zod';
import { emailSchema, nameSchema, ONE_LINE } from '../contact-fields';
import { PDF_DATA_URL_PREFIX } from '../limits';

/** How long one consent lasts, and when before its end the person is asked to renew it. */
export const POOL_CONSENT_DAYS = 365;
export const POOL_RENEWAL_ASK_DAY = 335;
/** Join requests (each may send an e-mail): per client address an hour, per e-mail address a day. */
export const POOL_JOINS_PER_IP_PER_HOUR = 10;
export const POOL_JOINS_PER_EMAIL_PER_DAY = 3;
export const MAX_POOL_TAGS = 20;
export const MAX_POOL_TAG_LENGTH = 40;
export const MAX_POOL_DEPARTMENTS = 20;

/**
 * The privacy notices a person is shown before they consent, by version. The version and the
 * moment of consent are stored with the member; a new wording is a new version, so what each
 * person agreed to stays readable here (docs/security.md#the-talent-pool).
 */
export const poolNotices = {
  'pool-join-1':
    'We will keep your name, e-mail address, the departments you chose and your CV (if you add one) for 12 months, to invite you to apply for future roles. Only our administrators see them; hiring managers and interviewers do not. We ask you to renew 30 days before the 12 months end, and erase everything when they end unless you renew. You can leave the pool at any time from the link we e-mail you. Our lawful basis is your consent (UK GDPR Article 6(1)(a)).',
  'pool-keep-1':
    'We will keep your name, e-mail address and the role you applied for, with the departments you choose, for 12 months, to invite you to apply for future roles. Your application itself is still deleted when our usual retention period ends. Only our administrators see your pool entry; hiring managers and interviewers do not. We ask you to renew 30 days before the 12 months end, and erase it when they end unless you renew. You can leave at any time from the link we e-mail you. Our lawful basis is your consent (UK GDPR Article 6(1)(a)).',
} as const;
export type PoolNoticeVersion = keyof typeof poolNotices;
export const POOL_JOIN_NOTICE = 'pool-join-1' satisfies PoolNoticeVersion;
export const POOL_KEEP_NOTICE = 'pool-keep-1' satisfies PoolNoticeVersion;

export const poolMessages = {
  consentRequired: 'Please tick the box to agree to us keeping your details.',
  noticeUnknown: 'The privacy notice you were shown has changed. Please reload the page and read it again.',
  departmentsRequired: 'Please choose at least one department.',
  departmentUnknown:
    'One of the departments you chose does not exist. Please reload the page and choose again.',
  cvNotPdf: 'Your CV must be a PDF file.',
  cvTooLarge: 'Your CV must be at most 5 MB.',
  cvUnreadable:
    'This PDF could not be read; it may be damaged or incomplete. Please export your CV again as a PDF.',
  cvActive:
    'This PDF contains active content (scripts, launch actions or embedded files), which we cannot accept. Please export your CV again as a plain PDF.',
  tooManyJoins: 'Too many requests to join the talent pool. Please try again later.',
  joined:
    'Thank you. We have e-mailed you a link: open it to confirm that you want to join. Nothing is kept for long unless you confirm.',
  linkGone:
    'This link no longer opens a talent pool entry. It may have been replaced by a newer e-mail, or the entry has ended.',
  tagInvalid: `A tag must be one line of at most ${MAX_POOL_TAG_LENGTH} characters.`,
  jobNotOpen: 'That job is not open, so nobody can be invited to apply for it.',
  memberMissing: 'That person is no longer in the talent pool.',
  notConfirmed: 'That person has not confirmed their place in the pool yet.',
} as const;

/** A department is named by its slug; anything else (too long, control characters) is one we do not have. */
const departmentsField = z
  .array(
    z
      .string({ error: poolMessages.departmentUnknown })
      .trim()
      .min(1, poolMessages.departmentUnknown)
      .max(80, poolMessages.departmentUnknown)
      .regex(ONE_LINE, poolMessages.departmentUnknown),
    { error: poolMessages.departmentsRequired },
  )
  .max(MAX_POOL_DEPARTMENTS, `Please choose at most ${MAX_POOL_DEPARTMENTS} departments.`);

const consentField = z.literal(true, { error: poolMessages.consentRequired });

/** POST /talent-pool: joining from the careers site; the CV an optional PDF data URL. */
export const poolJoinSchema = z.object({
  name: nameSchema,
  email: emailSchema,
  departments: departmentsField.min(1, poolMessages.departmentsRequired),
  cv: z.string().startsWith(PDF_DATA_URL_PREFIX, poolMessages.cvNotPdf).optional(),
  consent: consentField,
  noticeVersion: z.literal(POOL_JOIN_NOTICE, { error: poolMessages.noticeUnknown }),
});
export type PoolJoin = z.input<typeof poolJoinSchema>;

/** POST /my-application/:token/talent-pool: keeping an applicant's details, from their private page. */
export const poolKeepSchema = z.object({
  departments: departmentsField,
  consent: consentField,
  noticeVersion: z.literal(POOL_KEEP_NOTICE, { error: poolMessages.noticeUnknown }),
});
export type PoolKeep = z.input<typeof poolKeepSchema>;

/** What the applicant's page shows of the offer: whether the address is in the pool already. */
export const poolOfferSchema = z.object({
  inPool: z.boolean(),
  consentEndsAt: z.string().nullable(),
});
export type PoolOffer = z.infer<typeof poolOfferSchema>;

/** The member's own page: what is held and until when. */
export const poolMemberViewSchema = z.object({
  name: z.string(),
  email: z.string(),
  departments: z.array(z.string()),
  appliedFor: z.string().nullable(),
  hasCv: z.boolean(),
  confirmed: z.boolean(),
  consentGivenAt: z.string(),
  consentEndsAt: z.string(),
  /** Within the last 30 days of the consent: the page offers to renew. */
  renewable: z.boolean(),
});
export type PoolMemberView = z.infer<typeof poolMemberViewSchema>;

/** One member as administrators list them. */
export const poolMemberSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  departments: z.array(z.string()),
  appliedFor: z.string().nullable(),
  tags: z.array(z.string()),
  hasCv: z.boolean(),
  source: z.enum(['careers', 'application']),
  consentGivenAt: z.string(),
  consentEndsAt: z.string(),
  lastInvitedAt: z.string().nullable(),
});
export const poolMemberListSchema = z.array(poolMemberSchema);
export type PoolMember = z.infer<typeof poolMemberSchema>;

export const poolListQuerySchema = z.object({
  department: z.string().max(80).optional(),
  tag: z.string().max(MAX_POOL_TAG_LENGTH).optional(),
});

export const poolTagsSchema = z.object({
  tags: z
    .array(
      z
        .string()
        .trim()
        .min(1, poolMessages.tagInvalid)
        .max(MAX_POOL_TAG_LENGTH, poolMessages.tagInvalid)
        .regex(ONE_LINE, poolMessages.tagInvalid),
    )
    .max(MAX_POOL_TAGS, `At most ${MAX_POOL_TAGS} tags.`),
});
export type PoolTags = z.input<typeof poolTagsSchema>;

export const poolInviteSchema = z.object({ jobId: z.string().max(64) });
export type PoolInvite = z.input<typeof poolInviteSchema>;

/** A department offered on the join form. */
export const poolDepartmentSchema = z.object({ slug: z.string(), name: z.string() });
export const poolDepartmentListSchema = z.array(poolDepartmentSchema);
export type PoolDepartment = z.infer<typeof poolDepartmentSchema>;

/** The membership as an access export holds it (docs/security.md#the-talent-pool). */
export const exportedPoolMemberSchema = poolMemberSchema.extend({
  noticeVersion: z.string(),
  cv: z
    .object({ size: z.number().int(), contentType: z.literal('application/pdf'), base64: z.string() })
    .nullable(),
});
export type ExportedPoolMember = z.infer<typeof exportedPoolMemberSchema>;
