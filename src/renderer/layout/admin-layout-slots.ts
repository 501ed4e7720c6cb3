import type { ReactNode } from 'react';

/** Which frame: the administrators' "Admin Panel", or the hiring team's "Hiring Team". */
export type LayoutArea = 'admin' | 'team';

/** The drawer's name for each area, as its heading, landmark and narrow-screen bar say it. */
export const areaTitles: Record<LayoutArea, string> = { admin: 'Admin Panel', team: 'Hiring Team' };

/** What the app puts into the drawer: the layout shows it and knows nothing of where it comes from. */
export interface AdminLayoutSlots {
  /** Beside "Applications": the count of New applications. */
  applicationsBadge?: ReactNode;
  /** The administrators' frame unless told otherwise. */
  area?: LayoutArea;
}
