import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import type { AppNavigator } from '../lib/navigation';

/** Hands the router to the store's navigator; renders nothing. */
export function NavigatorBridge({ navigator }: { navigator: AppNavigator }) {
  const navigate = useNavigate();
  const location = useLocation();
  const latest = useRef(location);

  useEffect(() => {
    latest.current = location;
  }, [location]);

  useEffect(
    () =>
      navigator.attach(
        (to, options) => void navigate(to, options),
        () => latest.current,
      ),
    [navigator, navigate],
  );
  return null;
}
