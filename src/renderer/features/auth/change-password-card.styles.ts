import { makeStyles, tokens } from '@fluentui/react-components';

export const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, maxWidth: '28rem' },
  actions: { display: 'flex' },
});
