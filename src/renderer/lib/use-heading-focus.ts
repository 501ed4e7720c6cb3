import { useEffect, useRef, type RefObject } from 'react';
import { useLocation } from 'react-router-dom';

/** Lazy screens and loading states may take a moment to show their heading. */
const WAIT_FOR_HEADING_MS = 3000;

/**
 * After a navigation (not on the first load), moves focus to the new screen's main heading, so
 * screen-reader and keyboard users start on the page they asked for, as after a full page load.
 * Falls back to the main region itself when the screen has no h1.
 */
export function useHeadingFocus(main: RefObject<HTMLElement | null>): void {
  const { pathname } = useLocation();
  const firstRender = useRef(true);

  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    const deadline = performance.now() + WAIT_FOR_HEADING_MS;
    let frame = 0;
    const focusHeading = () => {
      const region = main.current;
      if (!region) return;
      const heading = region.querySelector<HTMLElement>('h1');
      if (heading) {
        if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
        heading.focus();
      } else if (performance.now() < deadline) {
        frame = requestAnimationFrame(focusHeading);
      } else {
        region.focus();
      }
    };
    frame = requestAnimationFrame(focusHeading);
    return () => cancelAnimationFrame(frame);
  }, [pathname, main]);
}
