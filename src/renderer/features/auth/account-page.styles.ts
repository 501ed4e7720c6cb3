import { makeStyles, tokens, typographyStyles } from '@fluentui/react-components';

export const useStyles = makeStyles({
  grid: {
    display: 'grid',
    gap: tokens.spacingHorizontalXL,
    gridTemplateColumns: '1fr',
    alignItems: 'start',
    '@media (min-width: 1100px)': { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' },
  },
  column: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXL, minWidth: 0 },
  empty: { ...typographyStyles.body1, margin: 0, color: tokens.colorNeutralForeground3 },
});
