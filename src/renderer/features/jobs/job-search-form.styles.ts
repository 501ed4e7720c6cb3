import { makeStyles, tokens } from '@fluentui/react-components';

/**
 * A phone: the text search, then "Filters (2)" beside Search; the filters open below them. From
 * 640 px the filters are in view as fields of the form's grid, the disclosure's summary hidden:
 * its content is shown by CSS even while it is closed, so the page needs no script for it
 * (browsers without `::details-content` keep the summary, and the app opens it there).
 */
export const useStyles = makeStyles({
  form: {
    display: 'grid',
    gap: `${tokens.spacingVerticalM} ${tokens.spacingHorizontalL}`,
    gridTemplateColumns: 'minmax(0, 1fr) auto',
    alignItems: 'end',
    '@media (min-width: 640px)': { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' },
    '@media (min-width: 960px)': { gridTemplateColumns: 'repeat(3, minmax(0, 1fr))' },
  },
  text: { gridColumn: '1 / -1' },
  filters: {
    minWidth: 0,
    '&[open]': { gridColumn: '1 / -1' },
    '&[open] > summary svg': { transform: 'rotate(180deg)' },
    '@supports selector(::details-content)': {
      '@media (min-width: 640px)': {
        display: 'contents',
        '::details-content': { display: 'contents', contentVisibility: 'visible' },
      },
    },
  },
  summary: {
    width: '100%',
    justifyContent: 'space-between',
    listStyleType: 'none',
    '::-webkit-details-marker': { display: 'none' },
    '@supports selector(::details-content)': {
      '@media (min-width: 640px)': { display: 'none' },
    },
  },
  chevron: {
    fontSize: '16px',
    flexShrink: 0,
    transitionProperty: 'transform',
    transitionDuration: tokens.durationFaster,
    '@media (prefers-reduced-motion: reduce)': { transitionDuration: '0s' },
  },
  filter: {
    marginTop: tokens.spacingVerticalM,
    '@supports selector(::details-content)': {
      '@media (min-width: 640px)': { marginTop: 0 },
    },
  },
  // The last column, so Search sits beside the summary on a phone and after the filters on a wide
  // screen, where it always did.
  actions: { display: 'flex', justifyContent: 'flex-end', gridColumn: '-2 / -1' },
});
