import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { Confirmation, type SubmittedApplication } from './application-confirmation';
import { NothingToConfirm } from './nothing-to-confirm';

function submittedFrom(state: unknown): SubmittedApplication | null {
  const submitted = (state as { submitted?: Partial<SubmittedApplication> } | null)?.submitted;
  if (typeof submitted?.jobTitle !== 'string' || typeof submitted.emailAcknowledged !== 'boolean')
    return null;
  const monitoring = submitted.monitoring;
  return {
    jobTitle: submitted.jobTitle,
    emailAcknowledged: submitted.emailAcknowledged,
    ...(typeof monitoring?.applicationId === 'string' && typeof monitoring.token === 'string'
      ? { monitoring: { applicationId: monitoring.applicationId, token: monitoring.token } }
      : {}),
  };
}

/**
 * About 1.5 s of processing, a 0.5 s fade, then the confirmation, naming the role.
 * Only right after the form sent an application: opened any other way (a reload, a bookmark, the
 * back button) the page says nothing was sent from here, and points to the open jobs.
 */
export function SuccessPage() {
  const location = useLocation();
  const navigate = useNavigate();
  // Read once, then taken out of the history entry, so a reload does not claim a submission again.
  const [submitted] = useState(() => submittedFrom(location.state));
  const hasState = location.state != null;
  useEffect(() => {
    if (hasState) void navigate(location.pathname, { replace: true, state: null });
  }, [hasState, navigate, location.pathname]);

  return submitted ? <Confirmation submitted={submitted} /> : <NothingToConfirm />;
}
