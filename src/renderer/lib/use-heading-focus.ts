import { useEffect, useRef, type RefObject } from 'react';
import { useLocation } from 'react-router-dom';

/** Lazy screens and loading states may take a moment to show their heading. */
const WAIT_FOR_HEADING_MS = 3000;

/**
 * After a navigation (not on the first load), moves focus to the new screen's main heading, so
 * screen-reader and keyboard users start on the page they asked for, as after a full page load.
 * Falls back to the main region itself when the screen has no h1. An address with a fragment
 * (`/privacy#lost-link`) starts at the element it names instead, on the first load too, since the
 * browser's own jump comes before a lazy screen has drawn it, unless the visitor has already put
 * the focus somewhere.
 */
export function useHeadingFocus(main: RefObject<HTMLElement | null>): void {
  const { pathname } = useLocation();
  const firstRender = useRef(true);

  useEffect(() => {
    const first = firstRender.current;
    firstRender.current = false;
    // Not the desktop console's hash routes (`#/dashboard`).
    const fragment = /^#[^/]/.test(window.location.hash) ? window.location.hash.slice(1) : '';
    if (first && !fragment) return;
    const deadline = performance.now() + WAIT_FOR_HEADING_MS;
    let frame = 0;
    const focusHeading = () => {
      const region = main.current;
      if (!region) return;
      // A page the server drew works before the app runs: a visitor who has already moved on
      // from where the browser's jump put them (into the form, say) keeps their place.
      if (first && document.activeElement && document.activeElement !== document.body) return;
      // A screen draws its heading with the rest: once it is there, so is what the fragment names.
      const heading = region.querySelector<HTMLElement>('h1');
      const named = fragment ? document.getElementById(fragment) : null;
      const target = named && region.contains(named) ? named : first ? null : heading;
      if (target) {
        if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
        target.focus();
      } else if (!heading && performance.now() < deadline) {
        frame = requestAnimationFrame(focusHeading);
      } else if (!first && !heading) {
        region.focus();
      }
    };
    frame = requestAnimationFrame(focusHeading);
    return () => cancelAnimationFrame(frame);
  }, [pathname, main]);
}
