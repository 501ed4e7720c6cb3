import { createAction } from '@reduxjs/toolkit';

/**
 * The server refused the session (401/403): the base query dispatches this after clearing the
 * stored token; the auth slice forgets the user and the store drops every cached answer. It lives
 * apart from the auth slice so the base query depends on nothing else.
 */
export const sessionEnded = createAction('session/sessionEnded');

/**
 * A login answered a token that could not start a session (unreadable, or the token store refused
 * it): the message is the one the login screen shows.
 */
export const sessionStartFailed = createAction<string>('session/sessionStartFailed');
