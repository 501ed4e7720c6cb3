import { useEffect } from 'react';

/** The history position react-router's browser history keeps in each entry's state. */
const positionOf = (state: unknown): number | undefined => {
  const idx = (state as { idx?: unknown } | null)?.idx;
  return typeof idx === 'number' ? idx : undefined;
};

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
 * tab or another site, and `message` in a confirmation for the app's links and the Back and
 * Forward buttons, which never unload the page. The app's routers are not data routers, so
 * react-router's blocker is not available; this covers the same ground from the outside.
 */
export function useLeaveGuard(active: boolean, message: string): void {
  useEffect(() => {
    if (!active) return;
    const here = positionOf(window.history.state);
    let returning = false;

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
    // Back or Forward has already moved the address when this runs: if the visitor stays, the
    // move is undone, and neither event reaches the router, so the page never changes.
    const onPopState = (event: PopStateEvent) => {
      const to = positionOf(event.state);
      if (returning) {
        returning = false;
        event.stopImmediatePropagation();
        return;
      }
      if (here === undefined || to === undefined || to === here) return;
      if (window.confirm(message)) return;
      event.stopImmediatePropagation();
      returning = true;
      window.history.go(here - to);
    };

    window.addEventListener('beforeunload', onBeforeUnload);
    document.addEventListener('click', onClick, true);
    window.addEventListener('popstate', onPopState, true);
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload);
      document.removeEventListener('click', onClick, true);
      window.removeEventListener('popstate', onPopState, true);
    };
  }, [active, message]);
}
