import { makeStyles, typographyStyles } from '@fluentui/react-components';

export const useStyles = makeStyles({
  text: { ...typographyStyles.body1, margin: 0 },
  actions: { display: 'flex' },
});
