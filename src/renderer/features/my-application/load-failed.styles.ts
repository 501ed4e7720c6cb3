import { makeStyles, tokens } from '@fluentui/react-components';

export const useStyles = makeStyles({
  panel: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalL,
  },
  links: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalM },
});
