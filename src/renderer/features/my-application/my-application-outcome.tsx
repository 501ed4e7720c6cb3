import type { Shown } from './my-application-status';
import { ApplicationView } from './application-view';
import { Erased } from './application-erased';
import { LinkGone } from './link-gone';

export function Outcome({
  shown,
  token,
  onChange,
  changedHere = false,
}: {
  shown: Shown;
  token: string;
  onChange: (shown: Shown) => void;
  /** Shown in place of the screen the applicant acted on: focus moves to what replaced it. */
  changedHere?: boolean;
}) {
  if (shown.kind === 'erased') return <Erased erased={shown.erased} />;
  if (shown.kind === 'gone') return <LinkGone focus={changedHere} />;
  return (
    <ApplicationView
      application={shown.application}
      justWithdrawn={shown.justWithdrawn}
      token={token}
      onChange={onChange}
    />
  );
}
