import { createContext, use } from 'react';
import type { DrawnSearch } from '../../shared/site/initial-data';

/** The careers-home search the server drew into the page, if it drew one (web entry only). */
export const DrawnSearchContext = createContext<DrawnSearch | undefined>(undefined);

export const useDrawnSearch = (): DrawnSearch | undefined => use(DrawnSearchContext);
