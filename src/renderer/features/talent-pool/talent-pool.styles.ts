import { makeStyles, tokens, typographyStyles } from '@fluentui/react-components';

/** The talent pool's screens: the join form, the member's page and the administrators' list. */
export const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, maxWidth: '640px' },

  notice: {
    ...typographyStyles.body1,
    margin: 0,
    padding: tokens.spacingHorizontalM,
    borderLeft: `${tokens.strokeWidthThicker} solid ${tokens.colorBrandStroke1}`,
    backgroundColor: tokens.colorNeutralBackground2,
  },
  actions: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalM, alignItems: 'center' },
  // Set apart from the text above and the buttons below; a long address wraps inside its column
  // on a phone instead of running past the card.
  facts: {
    marginInline: 0,
    marginBlock: tokens.spacingVerticalL,
    display: 'grid',
    gridTemplateColumns: 'max-content minmax(0, 1fr)',
    gap: tokens.spacingHorizontalM,
  },
  term: { ...typographyStyles.body1Strong },
  definition: { margin: 0, minWidth: 0, overflowWrap: 'anywhere' },
  filters: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalL, alignItems: 'end' },
  list: {
    listStyleType: 'none',
    margin: 0,
    padding: 0,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalL,
  },
  item: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    paddingBlockEnd: tokens.spacingVerticalL,
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
  who: { ...typographyStyles.body1Strong, margin: 0 },
  muted: { color: tokens.colorNeutralForeground2, margin: 0 },
  row: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalM, alignItems: 'end' },
});
