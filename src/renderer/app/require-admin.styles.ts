import { makeStyles, tokens } from '@fluentui/react-components';

export const useStyles = makeStyles({
  checking: {
    minHeight: '60vh',
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    padding: tokens.spacingHorizontalXXL,
  },
  field: { width: 'min(360px, 100%)' },
});
