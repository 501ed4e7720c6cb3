import { z } from 'zod';
import { emailSchema, notOneLineMessage, ONE_LINE } from '../contact-fields';

/**
 * Job alerts (docs/behaviour.md#job-alerts): a search of the careers home, e-mailed to an address
 * that confirmed it, as soon as a matching job is posted, once a day or once a week.
 */
export const ALERT_FREQUENCIES = ['instant', 'daily', 'weekly'] as const;
export type AlertFrequency = (typeof ALERT_FREQUENCIES)[number];

export const FREQUENCY_WORDS: Record<AlertFrequency, string> = {
  instant: 'As soon as a job is posted',
  daily: 'Once a day',
  weekly: 'Once a week',
};

export type AlertStatus = 'unconfirmed' | 'active' | 'paused' | 'ended';

/** The longest query string an alert keeps: the careers search's six parameters, each at most 100 characters. */
export const MAX_ALERT_QUERY = 800;

/** At most this many confirmation e-mails go to one address a day, and it holds at most this many alerts. */
export const CONFIRMATIONS_PER_ADDRESS_PER_DAY = 3;
export const ALERTS_PER_ADDRESS = 10;
/** Sign-ups from one client address an hour. */
export const SIGN_UPS_PER_CLIENT_PER_HOUR = 10;

/** A confirmation link works this long; an unconfirmed sign-up is deleted after PURGE days. */
export const CONFIRMATION_LINK_HOURS = 72;
export const UNCONFIRMED_PURGE_DAYS = 7;
/** No click (docs/behaviour.md#job-alerts) for this long asks once whether to go on; no answer in the grace ends it. */
export const IDLE_MONTHS = 12;
export const KEEP_GRACE_DAYS = 30;

export const jobAlertMessages = {
  signedUp:
    'Check your inbox: we have sent you a link to confirm your job alert. Nothing is sent until you follow it.',
  tooManyConfirmations:
    'We have already sent as many confirmation e-mails to this address as we send in a day. Please follow the link in one of them, or try again tomorrow.',
  tooManyAlerts: `This address already has ${ALERTS_PER_ADDRESS} job alerts, the most one address may have. End one of them from its e-mail before adding another.`,
  tooManySignUps:
    'Too many job alerts have been asked for from your connection. Please try again in an hour.',
  linkUnknown:
    'This link does not open a job alert. It may have been copied wrongly, or the alert has been deleted.',
  confirmExpired:
    'This confirmation link has expired. Please set up the alert again from the careers page: we will send you a new link.',
  alreadyConfirmed:
    'This job alert is already confirmed. You will hear from us when a matching job is posted.',
  confirmed: 'Your job alert is confirmed.',
  unsubscribed: 'You are unsubscribed: this job alert will send you nothing more.',
  deleted: 'Your job alert has been deleted.',
  saved: 'Your job alert has been saved.',
  paused: 'Your job alert is paused: nothing is sent until you resume it.',
  resumed: 'Your job alert is running again: it tells you of jobs posted from now on.',
  /** The headings of the pages a browser gets for the sign-up sent without the app. */
  signedUpTitle: 'Confirm your job alert',
  signUpRefusedTitle: 'Your job alert could not be set up',
  /** The page the one-click unsubscribe address opens in a browser: opening it changes nothing. */
  unsubscribeTitle: 'Unsubscribe from this job alert',
  unsubscribeAsk:
    'Press Unsubscribe and this job alert will send you nothing more. Opening this link has changed nothing.',
  unsubscribeButton: 'Unsubscribe',
  unsubscribedTitle: 'You are unsubscribed',
  /** What an API client reading the unsubscribe address hears: only a POST unsubscribes. */
  unsubscribeByPost:
    'Send a POST to this address to unsubscribe (one-click, RFC 8058): reading it changes nothing.',
} as const;

export const frequencySchema = z.enum(ALERT_FREQUENCIES, {
  error: 'Please choose how often you want to hear from us.',
});

/** A careers search's query string ("?q=claims&location=Leeds", or "" for every job). */
const alertQuerySchema = z
  .string()
  .max(MAX_ALERT_QUERY, 'This search is too long to keep as an alert.')
  .regex(ONE_LINE, notOneLineMessage('The search'))
  .refine((query) => query === '' || query.startsWith('?'), 'This is not a search of the careers page.');

export const alertSignUpSchema = z.object({
  email: emailSchema,
  query: alertQuerySchema,
  frequency: frequencySchema,
});
export type AlertSignUp = z.input<typeof alertSignUpSchema>;

/** What the manage page changes: any of the search, the frequency, and whether it is paused. */
export const alertChangeSchema = z.object({
  query: alertQuerySchema.optional(),
  frequency: frequencySchema.optional(),
  paused: z.boolean().optional(),
});
export type AlertChange = z.input<typeof alertChangeSchema>;

/** An alert as its manage link shows it: never the address, which the link's holder already knows. */
export const alertViewSchema = z.object({
  query: z.string(),
  description: z.string(),
  frequency: frequencySchema,
  status: z.enum(['active', 'paused', 'ended']),
});
export type AlertView = z.infer<typeof alertViewSchema>;

export const alertMessageSchema = z.object({ message: z.string() });
