import { makeStyles, tokens } from '@fluentui/react-components';

export const useStyles = makeStyles({
  pages: { display: 'flex', flexDirection: 'column', alignItems: 'center', gap: tokens.spacingVerticalM },
  canvas: {
    maxWidth: '100%',
    height: 'auto',
    boxShadow: tokens.shadow8,
    backgroundColor: tokens.colorNeutralBackground1,
  },
  status: {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    gap: tokens.spacingVerticalS,
    padding: tokens.spacingVerticalL,
  },
});
