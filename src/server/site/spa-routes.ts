import { trimTrailingSlashes } from '../http/url-path';

/** The app's routes (docs/behaviour.md#routes-and-screens): these answer 200 with the app; anything else answers 404 with it. */
const SPA_ROUTES: RegExp[] = [
  /^\/$/,
  /^\/login$/,
  /^\/register$/,
  /^\/forgot-password$/,
  /^\/reset-password\/[^/]+$/,
  /^\/success$/,
  /^\/apply\/[^/]+$/,
  /^\/about$/,
  /^\/contact$/,
  /^\/privacy$/,
  /^\/error$/,
  /^\/my-application\/[^/]+$/,
  /^\/dashboard(\/(all|create|applications|templates|account|application\/[^/]+|edit\/[^/]+))?$/,
];

export const isSpaRoute = (pathname: string): boolean => {
  const trimmed = trimTrailingSlashes(pathname);
  return SPA_ROUTES.some((route) => route.test(trimmed));
};
