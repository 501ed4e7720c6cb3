import { tokens } from '@fluentui/react-components';

/**
 * The public pages' column: one width and margin for every page of the site. A module of its own, so
 * the careers home page takes these lines without the other pages' styles.
 */
export const sitePageFrame = {
  width: '100%',
  maxWidth: '1120px',
  marginInline: 'auto',
  paddingInline: tokens.spacingHorizontalL,
  paddingBlock: `${tokens.spacingVerticalXL} ${tokens.spacingVerticalXXXL}`,
  boxSizing: 'border-box',
} as const;
