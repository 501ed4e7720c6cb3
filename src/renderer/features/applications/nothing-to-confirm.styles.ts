import { makeStyles, tokens } from '@fluentui/react-components';

export const useStyles = makeStyles({
  neutralIcon: { fontSize: '72px', color: tokens.colorBrandForeground1 },
});
