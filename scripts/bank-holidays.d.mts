export const FIRST_YEAR: number;
export const LAST_YEAR: number;
export const FILE: string;
export function bankHolidays(): string[];
export function listed(): { source: string; firstYear: number; lastYear: number; days: string[] };
