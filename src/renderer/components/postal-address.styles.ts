import { makeStyles } from '@fluentui/react-components';

export const useStyles = makeStyles({
  address: {
    fontStyle: 'normal',
    lineHeight: 'inherit',
  },
  line: { display: 'block' },
});
