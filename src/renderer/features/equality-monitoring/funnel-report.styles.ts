import { makeStyles, tokens, typographyStyles } from '@fluentui/react-components';

export const useStyles = makeStyles({
  select: { maxWidth: '420px' },
  table: { borderCollapse: 'collapse', width: '100%', minWidth: '560px' },
  caption: { ...typographyStyles.subtitle2, textAlign: 'start', paddingBlockEnd: tokens.spacingVerticalS },
  cell: {
    paddingBlock: tokens.spacingVerticalS,
    paddingInline: tokens.spacingHorizontalS,
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    textAlign: 'end',
  },
  rowHead: { textAlign: 'start', fontWeight: tokens.fontWeightRegular },
  colHead: { ...typographyStyles.body1Strong, color: tokens.colorNeutralForeground2 },
  suppressed: { color: tokens.colorNeutralForeground3 },
  text: { ...typographyStyles.body1, margin: 0, color: tokens.colorNeutralForeground2 },
});
