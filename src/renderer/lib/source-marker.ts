import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import {
  carriedMarker,
  REFERRER_PARAM,
  referrerHostField,
  referrerHostOf,
  SOURCE_PARAM,
  withSourceMarker,
} from '../../shared/sources/source-contract';

/**
 * Where this visit came from (docs/behaviour.md#sources), held in memory only: no cookie and no
 * web storage, which the PECR treats alike (docs/security.md#sources). The marker also stays in
 * the address, so a reload or a shared link keeps it, and the server-drawn pages carry it on.
 */
const visit: { marker?: string; referrerHost?: string; landed: boolean } = { landed: false };

const markerIn = (search: string) => carriedMarker(new URLSearchParams(search).get(SOURCE_PARAM));

/**
 * The marker of this visit: the address's own first, so the app's first render on a page the
 * server drew with the marker writes the same links (no hydration mismatch), else the one held.
 */
export function useSourceMarker(): string | undefined {
  return markerIn(useLocation().search) ?? visit.marker;
}

/** An address of the site with this visit's marker, when it has one. */
export function useMarkedAddress(address: string): string {
  return withSourceMarker(address, useSourceMarker());
}

/**
 * Keeps the visit's marker: taken from the address the visitor landed on (with the outside site
 * they came from, its host only), and put back into the address after each move within the app
 * that left it out, so it reaches the job's page and its form whichever link was followed.
 */
export function useKeepSourceMarker(): void {
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    if (!visit.landed) {
      visit.landed = true;
      // A link followed before the app ran carries the outside host on (src/web/main.tsx).
      visit.referrerHost =
        referrerHostOf(document.referrer, window.location.host) ??
        referrerHostField.parse(new URLSearchParams(location.search).get(REFERRER_PARAM) ?? undefined);
    }
    const inAddress = markerIn(location.search);
    if (inAddress) {
      visit.marker = inAddress;
      return;
    }
    if (!visit.marker) return;
    const search = withSourceMarker(location.search, visit.marker);
    void navigate({ ...location, search }, { replace: true, state: location.state as unknown });
  }, [location, navigate]);
}

/** What the application form sends of the visit's source. */
export function visitSource(): { source?: string; referrerHost?: string } {
  return {
    ...(visit.marker ? { source: visit.marker } : {}),
    ...(visit.referrerHost ? { referrerHost: visit.referrerHost } : {}),
  };
}
