import { createAction } from '@reduxjs/toolkit';

/**
 * The server refused the session (401/403): the base query dispatches this after clearing the
 * stored token. It lives apart from the auth slice so the base query depends on nothing else.
 */
export const sessionEnded = createAction('auth/sessionEnded');
