import { useEffect, useRef } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { addListener, type ActionCreatorWithPayload } from '@reduxjs/toolkit';
import type { AppDispatch, RootState } from './store';

export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<RootState>();

/**
 * Calls `effect` with the payload of every `actionCreator` action while the component is mounted:
 * how a screen follows what the store's listeners did (a session started by a login, say).
 */
export function useOnAction<P>(
  actionCreator: ActionCreatorWithPayload<P>,
  effect: (payload: P) => void,
): void {
  const dispatch = useAppDispatch();
  const latest = useRef(effect);
  useEffect(() => {
    latest.current = effect;
  });
  useEffect(
    () => dispatch(addListener({ actionCreator, effect: (action) => latest.current(action.payload) })),
    [dispatch, actionCreator],
  );
}
