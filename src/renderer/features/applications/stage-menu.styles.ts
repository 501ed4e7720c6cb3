import { makeStyles } from '@fluentui/react-components';

export const useStyles = makeStyles({
  button: { minWidth: '124px', justifyContent: 'space-between' },
});
