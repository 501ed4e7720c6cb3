import { createContext, use } from 'react';
import type { Refusal } from '../../shared/site/initial-data';

/**
 * Why the server refused the address the page was opened at, when it did (a browser's 400: a NUL
 * in the address). The web entry provides it from the page's data; the app shows it instead of
 * the address's screen until the visitor moves on (app-routes.tsx).
 */
export const RefusalContext = createContext<Refusal | undefined>(undefined);

export const useRefusal = (): Refusal | undefined => use(RefusalContext);
