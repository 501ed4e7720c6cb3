import { makeStyles, tokens } from '@fluentui/react-components';

export const useStyles = makeStyles({
  detail: {
    display: 'flex',
    gap: tokens.spacingHorizontalS,
    alignItems: 'flex-start',
    color: tokens.colorNeutralForegroundInverted2,
  },
  detailIcon: {
    fontSize: '20px',
    flexShrink: 0,
    marginBlockStart: '1px',
  },
});
