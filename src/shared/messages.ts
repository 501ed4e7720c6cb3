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
    'This account exists but is not an administrator. Only administrators can log in; ask an administrator to grant you access.',
  invalidCredentials: 'Invalid email or password.',
  emailTaken: 'An account with this email already exists. Please log in instead.',
  authRequired: 'Please log in to continue.',
  sessionExpired: 'Your session has expired. Please log in again.',
  adminRequired: 'Only administrators can do this.',
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
  intakeBusy: 'We are receiving a lot of applications right now. Please try again in a minute.',
  notFound: 'Not found.',
  badJson: 'The request body is not valid JSON.',
  badForm: 'The request body is not a valid multipart form.',
  bodyTooLarge: 'The request is too large.',
  serverError: 'Something went wrong on our side. Please try again later.',
} as const;
