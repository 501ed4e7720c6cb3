/** The product's business constants and limits, written once (docs/behaviour.md#limits). */
export const MAX_CV_BYTES = 5 * 1024 * 1024;
export const MIN_PASSWORD_LENGTH = 6;
export const CV_PROGRESS_STEP_PERCENT = 20;
export const CV_PROGRESS_STEP_MS = 200;
export const REDIRECT_AFTER_SUCCESS_MS = 1000;
export const SUCCESS_PROCESSING_MS = 1500;
export const SUCCESS_FADE_MS = 500;
export const REQUEST_TIMEOUT_MS = 30_000;
export const MAX_RESPONSE_BYTES = 10 * 1024 * 1024;
/**
 * An applicant's access export holds every CV and right-to-work evidence file of the address as
 * base64 (each up to 5 MiB): its call reads up to this much, and the console saves up to this much.
 */
export const MAX_EXPORT_BYTES = 200 * 1024 * 1024;

/** The largest report CSV the console saves: a few thousand rows of figures, with room to spare. */
export const MAX_REPORT_CSV_BYTES = 5 * 1024 * 1024;
/** The export's call may take this long: at most 200 MiB, on an office line. */
export const EXPORT_TIMEOUT_MS = 5 * 60_000;
export const TOKEN_STORAGE_KEY = 'access-token';
export const PREVIEW_URL_REVOKE_MS = 5000;
export const OPTIMIZED_LOADING_THRESHOLD_BYTES = 2 * 1024 * 1024;
/** Base64 text is 4/3 of the bytes it carries, so bytes ≈ length × 0.75 (docs/behaviour.md#dates-and-sizes). */
export const BASE64_SIZE_RATIO = 0.75;

export const TOAST_DURATION_MS = {
  error: 4000,
  default: 4000,
  success: 2000,
  loading: null,
  custom: 4000,
  applicationSuccess: 1500,
} as const;
export const MAX_TOASTS = 20;
export const TOAST_MAX_WIDTH_PX = 350;

/** A 5 MiB CV as a base64 data URL is about 7 MiB of JSON; the rest of the payload is small. */
export const MAX_APPLICATION_BODY_BYTES = 8 * 1024 * 1024;
export const MAX_BODY_BYTES = 1024 * 1024;

export const PDF_DATA_URL_PREFIX = 'data:application/pdf;base64,';

/**
 * The largest right-to-work evidence image, in megapixels (a 16-bit PNG's pixels count twice):
 * a phone's photo is 12 or 24, a 300-dpi A4 scan 9. Decoding one costs memory by its size, not by
 * its file's: see docs/security.md#right-to-work-evidence.
 */
export const MAX_EVIDENCE_IMAGE_MEGAPIXELS = 25;

/** How long applications are kept by default (about six months), then purged with their CVs. */
export const DEFAULT_RETENTION_DAYS = 183;
/** A second application by one e-mail address to one job within this many days is flagged. */
export const DUPLICATE_WINDOW_DAYS = 30;
/**
 * The applicant's page shows a rejection as Closed once its e-mail was sent, or this many days
 * after the change if none was: never before HR has had the chance to tell them.
 */
export const CLOSED_AFTER_REJECTION_DAYS = 14;

/**
 * What an applicant's private link may do to their interview booking within a day (a window of 24
 * hours from the first action it counts): booking actions in all (book, move, cancel, change the
 * adjustment asked for), and moves or cancellations of any one booked interview. Each change mails
 * the applicant and, coalesced, the interviewers (docs/security.md#interview-bookings).
 */
export const BOOKING_ACTIONS_PER_DAY = 10;
export const BOOKING_CHANGES_PER_INTERVIEW_PER_DAY = 3;
/** The window of both, in seconds. */
export const BOOKING_LIMIT_WINDOW_SECONDS = 24 * 60 * 60;
/**
 * How long an interviewer's e-mail about a booking waits before it goes, so that a later change to
 * the same booking replaces it and the interviewer gets only the latest state
 * (docs/security.md#interview-bookings). `INTERVIEW_EMAIL_HOLD_MS` changes it.
 */
export const INTERVIEWER_EMAIL_HOLD_MS = 5 * 60_000;
/**
 * Invitations to the hiring team in 24 hours: to one address (each retires the one before, so
 * more would only fill an inbox), and from one administrator (far beyond any real team's hiring,
 * so only a stolen session meets it): docs/security.md#the-hiring-team.
 */
export const INVITATIONS_PER_ADDRESS_PER_DAY = 5;
export const INVITATIONS_PER_ADMIN_PER_DAY = 50;
/**
 * A restore unpacks at most this many bytes for each byte of the archive
 * (docs/operations.md#restore): a real archive's rows compress a few times and its CVs hardly at
 * all, while a decompression bomb inflates about a thousand times.
 */
export const BACKUP_MAX_EXPANSION = 100;
/** ...and always up to this much, so a small archive of repetitive rows is never refused. */
export const BACKUP_MIN_UNPACK_BYTES = 64 * 1024 * 1024;
/** The manifest is read into memory to be checked; a real one takes a few hundred bytes a CV. */
export const BACKUP_MAX_MANIFEST_BYTES = 64 * 1024 * 1024;
