import { useEffect } from 'react';

/** Whether a click on this element would take the app to another of its own pages. */
function inAppLinkTarget(target: EventTarget | null): boolean {
  const link = target instanceof Element ? target.closest('a[href]') : null;
  if (!(link instanceof HTMLAnchorElement)) return false;
  if (link.target && link.target !== '_self') return false;
  if (link.hasAttribute('download')) return false;
  const url = new URL(link.href, window.location.href);
  // Another site is a full page load, which the beforeunload prompt covers; a link within the
  // page (the skip link) goes nowhere.
  if (url.origin !== window.location.origin) return false;
  return url.pathname !== window.location.pathname || url.search !== window.location.search;
}

/**
 * While `active`, asks before the page is left: the browser's own prompt for a reload, a closed
 * tab or another site, and `message` in a confirmation for the app's links and for Back and
 * Forward, which never unload the page. The app's routers are not data routers, so react-router's
 * blocker is not available; this covers the same ground from the outside. Back and Forward are
 * caught through the Navigation API, which announces them before the router hears of them (a
 * popstate listener runs after the router's); a browser without it is not asked about them.
 */
export function useLeaveGuard(active: boolean, message: string): void {
  useEffect(() => {
    if (!active) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers ask only when returnValue is set.
      event.returnValue = '';
    };
    // Runs before react-router's own link handler, which leaves a prevented click alone.
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0) return;
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      if (!inAppLinkTarget(event.target)) return;
      if (!window.confirm(message)) {
        event.preventDefault();
        event.stopPropagation();
      }
    };
    // Only a move through the history within the page can be held back here; one that leaves the
    // page is not cancelable and meets the beforeunload prompt instead.
    const onNavigate = (event: NavigateEvent) => {
      if (event.navigationType !== 'traverse' || !event.cancelable) return;
      if (!window.confirm(message)) event.preventDefault();
    };
    const navigation = 'navigation' in window ? window.navigation : undefined;

    window.addEventListener('beforeunload', onBeforeUnload);
    document.addEventListener('click', onClick, true);
    navigation?.addEventListener('navigate', onNavigate);
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload);
      document.removeEventListener('click', onClick, true);
      navigation?.removeEventListener('navigate', onNavigate);
    };
  }, [active, message]);
}
