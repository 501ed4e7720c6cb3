import { makeStyles, tokens } from '@fluentui/react-components';

export const useStyles = makeStyles({
  form: {
    display: 'grid',
    gap: `${tokens.spacingVerticalM} ${tokens.spacingHorizontalL}`,
    gridTemplateColumns: '1fr',
    alignItems: 'end',
    '@media (min-width: 640px)': { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' },
    '@media (min-width: 960px)': { gridTemplateColumns: 'repeat(3, minmax(0, 1fr))' },
  },
  text: {
    '@media (min-width: 640px)': { gridColumn: '1 / -1' },
  },
  actions: { display: 'flex', justifyContent: 'flex-end' },
});
