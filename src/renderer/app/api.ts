import { createApi } from '@reduxjs/toolkit/query/react';
import { baseQuery } from './base-query';

/**
 * The one API of the app. Each domain adds its endpoints with injectEndpoints from its own
 * feature folder (jobs-api.ts, applications-api.ts, auth-api.ts...), so admin endpoints live in
 * chunks a visitor never downloads.
 */
export const api = createApi({
  reducerPath: 'api',
  baseQuery,
  tagTypes: ['Job', 'Application', 'Note', 'Audit', 'Admin'],
  endpoints: () => ({}),
});
