import type {
  MyApplication,
  MyApplicationErased,
  MyApplicationStatus,
} from '../../../shared/my-application/my-application-contract';
import { errorStatus } from '../../store/api-error';

/** Each status in the applicant's words: what it is called and what it means for them. */
export const statusText: Record<MyApplicationStatus, { label: string; meaning: string }> = {
  received: {
    label: 'Received',
    meaning:
      'We have your application and CV. Our team will review them and will contact you if your experience matches the role.',
  },
  'in-progress': {
    label: 'In progress',
    meaning: 'Our team is considering your application. We will contact you about the next steps.',
  },
  successful: {
    label: 'Successful',
    meaning:
      'Congratulations: we would like you to join us. Our team will be in touch about what happens next.',
  },
  closed: {
    label: 'Closed',
    meaning:
      'We will not be taking your application further this time. Thank you for your interest; you are welcome to apply for our other roles.',
  },
  withdrawn: {
    label: 'Withdrawn',
    meaning: 'You have withdrawn this application, so we will not consider it any further.',
  },
};

/** What the page shows once it knows: the application, or what became of it this visit. */
export type Shown =
  | { kind: 'application'; application: MyApplication; justWithdrawn: boolean }
  | { kind: 'erased'; erased: MyApplicationErased }
  | { kind: 'gone' };

export const isGone = (error: unknown) => errorStatus(error) === 404;
