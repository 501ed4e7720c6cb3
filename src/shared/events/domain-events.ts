import type { ApplicationStage } from '../applications/stage-contract';

/**
 * What happened in the domain, as subscribers (job alerts, reports) hear of it: each event names
 * the things it is about by id, and a stage move its two stages, never a name, an address or any
 * other personal data. A subscriber reads what it needs at the time, so an application erased
 * meanwhile is simply not found (docs/security.md#domain-events).
 */
export type DomainEvent =
  /** A job was created open, or an edit opened it again (its closing date moved to today or later). */
  | { type: 'job-published'; jobId: string }
  /** An edit closed a job (its closing date is now in the past); not a job reaching its date. */
  | { type: 'job-closed'; jobId: string }
  | { type: 'job-deleted'; jobId: string }
  | { type: 'application-received'; applicationId: string; jobId: string }
  /** One application moved from one stage to another; a bulk move records one per application. */
  | { type: 'stage-changed'; applicationId: string; from: ApplicationStage; to: ApplicationStage }
  | { type: 'interview-booked'; applicationId: string }
  /** A booked interview moved to another time, by the applicant or by staff. */
  | { type: 'interview-moved'; applicationId: string }
  | { type: 'interview-cancelled'; applicationId: string };

export type DomainEventType = DomainEvent['type'];

/** Every type, in the order docs/architecture.md#domain-events lists them. */
export const DOMAIN_EVENT_TYPES = [
  'job-published',
  'job-closed',
  'job-deleted',
  'application-received',
  'stage-changed',
  'interview-booked',
  'interview-moved',
  'interview-cancelled',
] as const satisfies readonly DomainEventType[];

/** An event as a subscriber is given it: the event, its id (one per event) and when it was recorded. */
export type RecordedEvent = DomainEvent & { id: string; recordedAt: Date };
