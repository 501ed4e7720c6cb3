import { formatTime, formatWeekdayDate } from './format/date';
import {
  INVITATIONS_PER_ADDRESS_PER_DAY,
  INVITATIONS_PER_ADMIN_PER_DAY,
  MAX_EVIDENCE_IMAGE_MEGAPIXELS,
} from './limits';

const hoursText = (hours: number) => `${hours} hour${hours === 1 ? '' : 's'}`;

/**
 * Every user-facing text, written once (docs/behaviour.md#where-texts-and-limits-live).
 * Server answers and client screens both take them from here.
 */
export const messages = {
  cvOnlyPdf: 'Only PDF files are allowed.',
  cvTooLarge: 'File size should be less than or equal to 5MB.',
  cvRequired: 'Please attach your CV as a PDF.',
  cvActiveContent:
    'This PDF contains active content (scripts, launch actions or embedded files), which we cannot accept for security reasons. Please export your CV again as a plain PDF (for example with "Save as PDF" or "Print to PDF") and try again.',
  cvUnreadable:
    'This PDF could not be read; it may be damaged or incomplete. Please export your CV again as a PDF and try again.',
  passwordTooShort: 'Password must be at least 6 characters long.',
  passwordsDontMatch: 'Passwords do not match.',
  nameRequired: 'Name is required.',
  emailRequired: 'Email is required.',
  emailInvalid: 'Please enter a valid email address.',
  phoneRequired: 'Phone number is required.',
  phoneInvalid: 'Please enter a valid phone number.',
  coverLetterRequired: 'Cover letter is required.',
  passwordRequired: 'Password is required.',
  fieldRequired: (label: string) => `${label} is required.`,

  submitting: 'Submitting application...',
  /** Shown while the CV is still going up, before the server can save anything. */
  uploadingCv: (percent: number) => `Uploading your CV – ${percent}%`,
  leaveDuringUpload:
    'Your CV is still uploading. If you leave this page now, your application will not be sent. Leave anyway?',
  savingToDatabase: 'Saving to database...',
  sendingEmail: 'Sending email notification...',
  applicationSubmitted: 'Application submitted successfully!',
  applicationFailedToast: 'Failed to submit application. Please try again.',
  applicationFailedInline: 'An error occurred during submission.',
  /** Under Submit while a knock-out answer is chosen: the button waits for another answer. */
  knockedOutHint: (label: string) =>
    `Your answer to "${label}" ends this application: see the reply under that question. Choose another answer to send it.`,
  emailFailed: 'Email notification failed, but your application was saved.',
  saveWithoutSuccess: 'Failed to save application to database',
  jobSaveFailed: 'An error occurred. Please try again.',
  jobCreated: 'Job post created successfully!',
  jobUpdated: 'Post updated successfully!',
  registered: 'Successfully registered! Please login.',

  confirmTitle: 'Are you sure?',
  confirmText: "You won't be able to revert this!",
  confirmDeleteButton: 'Yes, delete it!',
  cancelButton: 'Cancel',
  deletedTitle: 'Deleted!',
  jobDeleted: 'The post has been deleted successfully.',
  applicationDeleted: 'The application has been deleted successfully.',
  errorTitle: 'Error!',
  applicationDeleteFailed: 'Failed to delete the application.',
  cvFetchNotFound: 'PDF file not found.',
  cvFetchTooLarge: 'PDF file is too large to process.',
  cvFetchTimeout: 'Request timed out. The PDF file might be too large.',
  cvFetchFailed: 'Failed to load PDF file.',
  cvDetailLoadFailed: 'Failed to load PDF. Please try again or download the file directly.',
  cvPreviewFailed: 'Failed to display PDF preview. Try downloading the file instead.',
  downloadCompleteTitle: 'Download Complete',
  downloadCompleteText: 'PDF has been downloaded successfully.',
  applicationNotFound: 'Application not found',

  notAdmin:
    'This account exists but is not an administrator or a member of the hiring team, who alone can log in. Ask an administrator to invite you.',
  invalidCredentials: 'Invalid email or password.',
  emailTaken: 'An account with this email already exists. Please log in instead.',
  authRequired: 'Please log in to continue.',
  sessionExpired: 'Your session has expired. Please log in again.',
  sessionRevoked: 'You have been signed out on this device. Please log in again.',
  adminPasswordTooShort:
    'Passwords of administrators and the hiring team must be at least 12 characters long.',
  passwordTooGuessable: (why: string) => `This password would be too easy to guess. ${why}`,
  currentPasswordRequired: 'Enter your current password.',
  currentPasswordWrong: 'Your current password is not correct.',
  passwordUnchanged: 'Choose a new password that is different from your current one.',
  passwordChanged: 'Your password has been changed. Your other devices have been signed out.',
  forgotPasswordSent:
    'If an account exists for that address, we have e-mailed a link to reset its password. The link works for 30 minutes.',
  forgotPasswordRateLimited: 'Too many password reset requests. Please wait a while and try again.',
  resetLinkInvalid:
    'This password reset link has expired or has already been used. Please ask for a new one.',
  passwordResetDone: 'Your password has been reset. Please log in with your new password.',
  invitationAccepted: 'Your password is set. Welcome to the hiring team.',
  invitationAcceptedLogIn:
    'Your password is set. Welcome to the hiring team: finish with two-step verification.',
  signedOutEverywhere: 'You have been signed out of all devices.',
  twoFactorCodeFormat: 'Enter the 6-digit code from your authenticator app.',
  twoFactorCodeWrong:
    'That code is not right, or it has already been used. Enter the current code from your authenticator app.',
  twoFactorCodeOrRecovery:
    'Enter the 6-digit code from your authenticator app, or one of your recovery codes.',
  recoveryCodeRequired: 'Enter one of your recovery codes.',
  recoveryCodeWrong: 'That recovery code is not right, or it has already been used.',
  twoFactorChallengeExpired: 'This login has timed out. Please log in again.',
  twoFactorAlreadyOn: 'Two-step verification is already on for this account.',
  twoFactorNotStarted: 'Start the set-up again: scan the new QR code, then enter its code.',
  twoFactorNotOn: 'Two-step verification is not on for this account.',
  twoFactorEnabled: 'Two-step verification is on.',
  twoFactorRemoved: 'Two-step verification is off. Your other devices have been signed out.',
  adminRequired: 'Only administrators can do this.',
  teamRequired: 'Only hiring managers and interviewers can do this; administrators use the dashboard.',
  staffRequired: 'Only administrators and the hiring team can do this.',
  hiringManagerRequired: "Only the job's hiring manager can do this.",
  teamAccessEnded: 'Your access to this job has ended: it has closed.',
  teamStageNeedsAdmin: (stage: string) =>
    `Only an administrator can move an application to or from ${stage} for this job.`,
  teamMemberMissing: 'Team member not found.',
  teamInviteAdmin: 'This address belongs to an administrator, who already has full access.',
  teamInvited: (email: string) => `Invitation sent to ${email}.`,
  teamInviteAddressLimited: (hours: number) =>
    `This address has already been sent ${INVITATIONS_PER_ADDRESS_PER_DAY} invitations in the last 24 hours, the most it is sent in a day. Please try again in ${hoursText(hours)}.`,
  teamInviteAdminLimited: (hours: number) =>
    `You have sent ${INVITATIONS_PER_ADMIN_PER_DAY} invitations in the last 24 hours, the most one administrator may send in a day. Please try again in ${hoursText(hours)}.`,
  notHiringManager: 'This person is not a hiring manager.',
  notInterviewer: 'This person is not an interviewer.',
  interviewerRequired: 'Only interviewers have interviews to list.',
  /** An interviewer's scorecard before the interview has started (docs/behaviour.md#interviews). */
  scorecardOpensAt: (startsAt: Date | string) =>
    `Your scorecard opens when the interview starts: you can score from ${formatTime(startsAt)} on ${formatWeekdayDate(startsAt)}.`,
  scorecardNoInterview:
    'Your scorecard opens when the interview starts, and no interview is booked for this application yet.',
  jobNotFound: 'Job post not found.',
  applicationMissing: 'Application not found.',
  cvMissing: 'PDF file not found.',
  jobNoLongerOpen: 'This job is no longer open for applications.',
  duplicateApplication:
    'Thank you: we already have an application from you for this role, so we have added this one to it. There is no need to apply again.',
  rateLimited: 'Too many requests. Please wait a minute and try again.',
  loginRateLimited: 'Too many login attempts. Please wait a minute and try again.',
  privacyNoticeOutdated:
    'The privacy notice has changed since this page was opened. Please reload the page, read the current notice and apply again.',
  uploadStalled:
    'Your upload stopped before it finished. Please check your connection and send your application again.',
  uploadTooSlow:
    'Your upload took too long to finish. Please check your connection and send your application again.',
  intakeBusy: 'We are receiving a lot of applications right now. Please try again in a minute.',
  notFound: 'Not found.',
  /** The heading of the page a browser gets for an address the server refused (a NUL in it, say). */
  requestRefused: "We couldn't open that page",
  metricsTokenRequired: 'Send the metrics token as a bearer token: Authorization: Bearer <METRICS_TOKEN>.',
  badJson: 'The request body is not valid JSON.',
  jsonTooComplex: 'The request body holds more values, or deeper nesting, than this request can take.',
  badForm: 'The request body is not a valid multipart form.',
  bodyTooLarge: 'The request is too large.',
  serverError: 'Something went wrong on our side. Please try again later.',
  databaseUnavailable: 'We cannot reach our records right now. Please try again in a minute.',
  rightToWorkWrongStage: 'A right-to-work check is recorded once the application is at Offer or Hired.',
  rightToWorkMethodInvalid:
    'Choose how the right to work was checked: a manual document check, an online share code, or an identity service provider.',
  rightToWorkCheckedOnInvalid: 'Date checked must be a date (YYYY-MM-DD).',
  rightToWorkCheckedOnFuture: 'Date checked cannot be in the future.',
  rightToWorkFollowUpInvalid: 'Follow-up date must be a date (YYYY-MM-DD), after the date checked.',
  rightToWorkEmploymentEndInvalid: 'Employment end date must be a date (YYYY-MM-DD), after the date checked.',
  rightToWorkEmploymentEndTooEarly: 'An employment end date is recorded once the application is at Hired.',
  rightToWorkNoCheck: 'Record the check (method and date) before adding its evidence.',
  rightToWorkEvidenceType: 'The evidence must be a PDF, PNG or JPEG file.',
  rightToWorkEvidenceUnreadable: 'The evidence file is damaged or not the kind of file its name says.',
  rightToWorkEvidenceTooLarge: 'The evidence file must be 5 MB or smaller.',
  rightToWorkEvidenceTooManyPixels: `The image is too large: at most ${MAX_EVIDENCE_IMAGE_MEGAPIXELS} megapixels. Save a smaller copy (a phone's photo at its usual size is fine) and try again.`,
  rightToWorkEvidenceMissing: 'No evidence file is stored for this check.',
  rightToWorkEvidenceActive:
    'This PDF contains active content (scripts, launch actions or embedded files), which we cannot accept for security reasons. Save the evidence again as a plain PDF, or as an image.',
  adjustmentsContactOnly: 'Only the adjustments contact can read adjustment requests.',
  monitoringOff: 'Equality monitoring is not offered on this site.',
  monitoringRefused: 'This equality monitoring form does not belong to an application. Please apply first.',
  monitoringAlreadySent: 'Thank you: your equality monitoring answers have already been sent.',
  monitoringSaved: 'Thank you. Your answers have been recorded separately from your application.',
} as const;
