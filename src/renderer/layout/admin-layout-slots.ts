import type { ReactNode } from 'react';

/** What the app puts into the drawer: the layout shows it and knows nothing of where it comes from. */
export interface AdminLayoutSlots {
  /** Beside "Applications": the count of New applications. */
  applicationsBadge?: ReactNode;
}
