import { useEffect, useRef } from 'react';

/** Moves focus to a heading once, when asked to (the content it heads replaced what had focus). */
export function useFocusOnMount(focus: boolean) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focus) heading.current?.focus();
  }, [focus]);
  return heading;
}
