import { makeStyles, tokens } from '@fluentui/react-components';

export const useStyles = makeStyles({
  shell: {
    minHeight: '100vh',
    display: 'flex',
    flexDirection: 'column',
    backgroundColor: tokens.colorNeutralBackground1,
    color: tokens.colorNeutralForeground1,
  },
  main: { flexGrow: 1, outline: 'none' },
});
