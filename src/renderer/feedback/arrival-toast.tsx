import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useToast } from './use-toast';

export interface ArrivalToast {
  variant: 'success' | 'error' | 'info';
  message: string;
}

interface ArrivalState {
  arrivalToast?: ArrivalToast;
}

/**
 * Navigation state that shows a toast once the next screen is up. Moving between the dashboard
 * and a public page swaps the toast scope on the web, so a toast shown just before navigating
 * would be lost ("Post updated successfully!" before /apply/{id}); this one travels with the move.
 */
export const arrivalToastState = (toast: ArrivalToast): ArrivalState => ({ arrivalToast: toast });

/** Shows the toast a navigation carried, once, then drops it from the entry so a reload does not repeat it. */
export function ArrivalToastListener() {
  const location = useLocation();
  const navigate = useNavigate();
  const toast = useToast();
  const shownFor = useRef<string | null>(null);
  const pending = (location.state as ArrivalState | null)?.arrivalToast;

  useEffect(() => {
    if (!pending || shownFor.current === location.key) return;
    shownFor.current = location.key;
    toast[pending.variant](pending.message);
    const { arrivalToast: _shown, ...rest } = location.state as ArrivalState;
    void navigate(`${location.pathname}${location.search}${location.hash}`, {
      replace: true,
      state: Object.keys(rest).length > 0 ? rest : null,
    });
  }, [pending, location, navigate, toast]);

  return null;
}
