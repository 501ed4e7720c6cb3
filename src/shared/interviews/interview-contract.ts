import { z } from 'zod';
import { isCalendarDate } from '../format/calendar-date';
import { multiLineText, ONE_LINE, notOneLineMessage } from '../contact-fields';
import { BOOKING_ACTIONS_PER_DAY, BOOKING_CHANGES_PER_INTERVIEW_PER_DAY } from '../limits';
import { siteConfig } from '../site/site-config';

/**
 * Interviews (docs/behaviour.md#interviews): slots a hiring manager or an administrator offers,
 * the applicant's booking through their private link, and the interviewers' scorecards.
 */

/** A slot must start at least this long after it is booked, moved or cancelled by the applicant. */
export const INTERVIEW_CHANGE_NOTICE_HOURS = 24;
/** The day-before reminder goes once an interview is this close. */
export const INTERVIEW_REMINDER_HOURS = 24;
export const MAX_SLOTS_PER_OFFER = 20;
export const MAX_INTERVIEWERS_PER_SLOT = 5;
export const MIN_INTERVIEW_MINUTES = 15;
export const MAX_INTERVIEW_MINUTES = 480;
export const MAX_ADJUSTMENTS_LENGTH = 1000;
export const MAX_SCORECARD_NOTE_LENGTH = 2000;

export const interviewMessages = {
  dateInvalid: 'Date must be a date (YYYY-MM-DD).',
  timeInvalid: 'Time must be a time of day in UK time (HH:MM, 24-hour clock).',
  timeMissingInLondon:
    'That time does not exist in the UK: the clocks go forward that night. Choose another time.',
  tooSoon: `Offer times more than ${INTERVIEW_CHANGE_NOTICE_HOURS} hours ahead: the applicant must be able to book and still change it.`,
  durationInvalid: `Length must be between ${MIN_INTERVIEW_MINUTES} and ${MAX_INTERVIEW_MINUTES} minutes.`,
  placeRequired: 'Say where the interview takes place, or give its video link.',
  placeTooLong: 'The place must be at most 300 characters.',
  interviewersRequired: 'Choose at least one interviewer.',
  tooManyInterviewers: `At most ${MAX_INTERVIEWERS_PER_SLOT} interviewers per slot.`,
  slotsRequired: 'Offer at least one time, or choose one already offered for this job.',
  tooManySlots: `At most ${MAX_SLOTS_PER_OFFER} times at once.`,
  interviewerNotOnTeam: 'Each interviewer must be an interviewer or a hiring manager on the hiring team.',
  slotNotOfJob: 'That time is not one of this job’s free interview times.',
  notInInterview: 'This application cannot be offered interview times in its present stage.',
  slotTaken: 'Sorry, someone else has just booked that time. Please choose one of the times still free.',
  slotUnavailable: 'That time is not one you can book. Please choose one of the times listed.',
  tooLateToChange: `Your interview is less than ${INTERVIEW_CHANGE_NOTICE_HOURS} hours away, so it can no longer be moved or cancelled here. Please reply to your invitation e-mail and our team will help.`,
  noBooking: 'You have no interview booked.',
  bookingActionsUsedUp: `You have changed your interview booking ${BOOKING_ACTIONS_PER_DAY} times today, as many as can be done here in a day. Please try again tomorrow, or write to ${siteConfig.careersEmail} and our team will help.`,
  bookingChangesUsedUp: `This interview has been moved or cancelled ${BOOKING_CHANGES_PER_INTERVIEW_PER_DAY} times today, as many as can be done here in a day. Please try again tomorrow, or write to ${siteConfig.careersEmail} and our team will help.`,
  jobClosed: `This job has closed, so its interviews can no longer be booked, moved or cancelled here. If you need to change yours, please write to ${siteConfig.careersEmail}.`,
  applicationRejected:
    'Your application is no longer being considered, so its interview can no longer be booked, moved or cancelled here.',
  applicationWithdrawn:
    'You have withdrawn your application, so its interview can no longer be booked, moved or cancelled here.',
  bookingBusy:
    'Your booking was being changed at the same moment from somewhere else. Please look at it again and try once more.',
  applicationDecided: `A decision has been made on your application, so its interview can no longer be booked, moved or cancelled here. If you need to talk to us, please write to ${siteConfig.careersEmail}.`,
  adjustmentsTooLong: `Please keep this to ${MAX_ADJUSTMENTS_LENGTH} characters.`,
  ratingsMismatch: 'Rate each of the job’s requirements once, in the order given.',
  ratingInvalid: 'Each rating must be 1, 2, 3 or 4.',
  noteTooLong: `Each note must be at most ${MAX_SCORECARD_NOTE_LENGTH} characters.`,
  recommendationInvalid: 'Choose a recommendation: strong no, no, yes or strong yes.',
  scorecardAlreadyIn: 'You have already submitted your scorecard for this application.',
  scorecardNotYours: 'Only the interviewers of this application fill in a scorecard.',
  moveTargetRequired: 'Choose one of the job’s free times, or give a new time.',
  moveTimePassed: 'Choose a time that is still to come.',
  staffNoBooking: 'This application has no interview booked.',
  staffAlreadyStarted: 'This interview has already started, so it can no longer be moved or cancelled.',
  staffSlotTaken: 'Another applicant has just booked that time. Please choose another.',
  staffJobClosed: 'This job has closed, so its interview can no longer be moved or cancelled.',
  staffApplicationRejected:
    'This application has been rejected, so its interview can no longer be moved or cancelled.',
  staffApplicationWithdrawn:
    'The applicant has withdrawn this application, so its interview can no longer be moved or cancelled.',
  staffApplicationDecided:
    'This applicant has been hired, so their interview can no longer be moved or cancelled.',
} as const;

const timeSchema = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, interviewMessages.timeInvalid);
const dateSchema = z.string().refine(isCalendarDate, interviewMessages.dateInvalid);

/** One new time to offer, in UK time as the person offering reads their clock. */
export const newSlotSchema = z.object({
  date: dateSchema,
  time: timeSchema,
  durationMinutes: z
    .number({ error: interviewMessages.durationInvalid })
    .int(interviewMessages.durationInvalid)
    .min(MIN_INTERVIEW_MINUTES, interviewMessages.durationInvalid)
    .max(MAX_INTERVIEW_MINUTES, interviewMessages.durationInvalid),
  place: z
    .string({ error: interviewMessages.placeRequired })
    .trim()
    .min(1, interviewMessages.placeRequired)
    .max(300, interviewMessages.placeTooLong)
    .regex(ONE_LINE, notOneLineMessage('The place')),
  interviewerIds: z
    .array(z.string(), { error: interviewMessages.interviewersRequired })
    .min(1, interviewMessages.interviewersRequired)
    .max(MAX_INTERVIEWERS_PER_SLOT, interviewMessages.tooManyInterviewers),
});

/**
 * POST .../interview-slots: moves the application to Interview and offers it new times and/or
 * free times already offered for the job (so several applicants choose among the same times).
 */
export const slotOfferSchema = z
  .object({
    slots: z.array(newSlotSchema).max(MAX_SLOTS_PER_OFFER, interviewMessages.tooManySlots).default([]),
    slotIds: z.array(z.string()).max(MAX_SLOTS_PER_OFFER, interviewMessages.tooManySlots).default([]),
  })
  .refine((offer) => offer.slots.length + offer.slotIds.length > 0, {
    message: interviewMessages.slotsRequired,
    path: ['slots'],
  });

export const interviewPersonSchema = z.object({ _id: z.string(), name: z.string(), email: z.string() });

/** A slot as the applicant sees it: when, how long and where; never who else was offered it. */
export const applicantSlotSchema = z.object({
  _id: z.string(),
  startsAt: z.string(),
  durationMinutes: z.number().int(),
  place: z.string(),
});

/** A slot as administrators and the job's hiring manager see it for one application. */
export const staffSlotSchema = applicantSlotSchema.extend({
  interviewers: z.array(interviewPersonSchema),
  /** Offered to this application. */
  offered: z.boolean(),
  /** Free, booked by this application, or booked by another of the job's applicants. */
  booking: z.enum(['free', 'this', 'other']),
});

/**
 * GET .../interview: the job's coming slots, this application's booking, and the adjustment the
 * adjustments contact agreed for its interviewers. What the applicant asked for is never here: only
 * the adjustments contact reads it (docs/security.md#adjustments).
 */
export const staffInterviewSchema = z.object({
  slots: z.array(staffSlotSchema),
  booking: z.object({ slotId: z.string(), bookedAt: z.string() }).nullable(),
  agreedAdjustment: z.string().nullable(),
});

/** GET /api/my-application/:token/interview: what the applicant may book, and what they booked. */
export const myInterviewSchema = z.object({
  /** Free times offered to them that are far enough ahead to book. */
  slots: z.array(applicantSlotSchema),
  booking: applicantSlotSchema
    .extend({
      adjustments: z.string().nullable(),
      /** Whether it can still be moved or cancelled here (until 24 hours before). */
      changeable: z.boolean(),
    })
    .nullable(),
  /**
   * Why nothing can be booked, moved or cancelled here any more (the job has closed, the
   * application was rejected or decided); absent while it can.
   */
  closed: z.string().optional(),
});

/** PUT /api/my-application/:token/interview: book a time, or move to another one. */
export const bookingSchema = z.object({
  slotId: z.string({ error: interviewMessages.slotUnavailable }),
  adjustments: multiLineText('Adjustments')
    .trim()
    .max(MAX_ADJUSTMENTS_LENGTH, interviewMessages.adjustmentsTooLong)
    .optional()
    .transform((text) => (text ? text : null)),
});

/**
 * PUT .../interview/booking: an administrator or the job's hiring manager moves the booked
 * interview on the applicant's behalf, to one of the job's free times (`slotId`) or to a new time
 * made for it (`slot`), exactly one of the two.
 */
export const interviewMoveSchema = z
  .object({ slotId: z.string().optional(), slot: newSlotSchema.optional() })
  .refine((move) => (move.slotId === undefined) !== (move.slot === undefined), {
    message: interviewMessages.moveTargetRequired,
    path: ['slotId'],
  });

/** The 409 when the time was taken meanwhile: the message and the times still free. */
export const slotTakenSchema = z.object({ message: z.string(), slots: z.array(applicantSlotSchema) });

export const recommendations = ['strong-no', 'no', 'yes', 'strong-yes'] as const;
export type Recommendation = (typeof recommendations)[number];
export const recommendationLabels: Record<Recommendation, string> = {
  'strong-no': 'Strong no',
  no: 'No',
  yes: 'Yes',
  'strong-yes': 'Strong yes',
};

export const ratingLabels: Record<1 | 2 | 3 | 4, string> = {
  1: 'Not shown',
  2: 'Partly',
  3: 'Meets it',
  4: 'Beyond it',
};

export const scorecardRatingSchema = z.object({
  criterion: z.string(),
  rating: z
    .number({ error: interviewMessages.ratingInvalid })
    .int(interviewMessages.ratingInvalid)
    .min(1, interviewMessages.ratingInvalid)
    .max(4, interviewMessages.ratingInvalid),
  note: multiLineText('Each note')
    .trim()
    .max(MAX_SCORECARD_NOTE_LENGTH, interviewMessages.noteTooLong)
    .default(''),
});
export type ScorecardRating = z.infer<typeof scorecardRatingSchema>;

/** PUT /api/team/applications/:id/scorecard: one rating per requirement of the job, in its order. */
export const scorecardSubmitSchema = z.object({
  ratings: z.array(scorecardRatingSchema),
  recommendation: z.enum(recommendations, { error: interviewMessages.recommendationInvalid }),
});

export const scorecardSchema = z.object({
  _id: z.string(),
  interviewerName: z.string(),
  interviewerEmail: z.string(),
  ratings: z.array(scorecardRatingSchema),
  recommendation: z.enum(recommendations),
  submittedAt: z.string(),
});

/**
 * GET .../scorecards: the criteria (the job's requirements), the caller's own scorecard, and the
 * others' once the caller may see them (`othersHidden` says they are held back until the caller's
 * own is in). Administrators and the job's hiring manager see them all.
 */
export const scorecardsViewSchema = z.object({
  criteria: z.array(z.string()),
  own: scorecardSchema.nullable(),
  others: z.array(scorecardSchema),
  othersHidden: z.boolean(),
  /** Interviewers whose scorecard is still owed. */
  owedBy: z.array(interviewPersonSchema),
  /**
   * For an interviewer: when their scorecard opens (the booked interview's start, null while none
   * is booked) and whether it is open now, by the server's clock. Absent for those who read only.
   */
  scoring: z.object({ opensAt: z.string().nullable(), open: z.boolean() }).optional(),
});

/** The interview figures the dashboard's pipeline shows for a job (in GET /api/applications/counts). */
export const jobInterviewCountsSchema = z.object({
  jobId: z.string(),
  /** Interviews booked and still to come. */
  booked: z.number().int(),
  /** Scorecards owed: an interviewer of an interview that has started, with none submitted. */
  scorecardsOwed: z.number().int(),
});

export type NewSlot = z.input<typeof newSlotSchema>;
export type SlotOffer = z.input<typeof slotOfferSchema>;
export type ApplicantSlot = z.infer<typeof applicantSlotSchema>;
export type StaffSlot = z.infer<typeof staffSlotSchema>;
export type StaffInterview = z.infer<typeof staffInterviewSchema>;
export type MyInterview = z.infer<typeof myInterviewSchema>;
export type Booking = z.input<typeof bookingSchema>;
export type InterviewMove = z.input<typeof interviewMoveSchema>;
export type SlotTaken = z.infer<typeof slotTakenSchema>;
export type ScorecardSubmit = z.input<typeof scorecardSubmitSchema>;
export type Scorecard = z.infer<typeof scorecardSchema>;
export type ScorecardsView = z.infer<typeof scorecardsViewSchema>;
export type JobInterviewCounts = z.infer<typeof jobInterviewCountsSchema>;
