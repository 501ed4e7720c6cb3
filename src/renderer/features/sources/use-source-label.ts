import { useMemo } from 'react';
import { heardAboutOptions, sourceLabel } from '../../../shared/sources/source-contract';
import { useGetTrackingLinksQuery } from './tracking-links-api';

/**
 * What an application's screen says of where it came from: the recorded source by its name (a
 * tracking link's, archived ones too, a feed's, or Direct / Unknown), and the applicant's answer.
 */
export function useSourceFacts(application: { source: string; heardAbout: string | null }): {
  source: string;
  heardAbout: string | undefined;
} {
  const links = useGetTrackingLinksQuery();
  const names = useMemo(
    () => new Map((links.data ?? []).map((link) => [link.code, link.name])),
    [links.data],
  );
  return {
    // Until the names arrive, a link's code is shown rather than "Unknown".
    source: links.data
      ? sourceLabel(application.source, names)
      : sourceLabel(application.source, new Map([[application.source, application.source]])),
    heardAbout: heardAboutOptions.find((option) => option.value === application.heardAbout)?.label,
  };
}
