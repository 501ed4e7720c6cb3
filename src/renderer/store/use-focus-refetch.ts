import { useEffect } from 'react';
import { setupListeners } from '@reduxjs/toolkit/query';
import { useAppDispatch } from './hooks';

/** Stores whose window focus and visibility RTK Query follows (one set of listeners each). */
const following = new WeakSet<object>();

/**
 * Sets up RTK Query's window focus and visibility listeners for this store, once, so queries
 * asked with `refetchOnFocus` are fetched again when the window regains focus. Called by the
 * signed-in screens that poll rather than with the store, so a visitor's first download does not
 * carry them; they refetch each focused query once, however many screens show it.
 */
export function useFocusRefetch(): void {
  const dispatch = useAppDispatch();
  useEffect(() => {
    if (following.has(dispatch)) return;
    following.add(dispatch);
    setupListeners(dispatch);
  }, [dispatch]);
}
