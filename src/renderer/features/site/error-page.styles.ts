import { makeStyles, tokens, typographyStyles } from '@fluentui/react-components';

export const useStyles = makeStyles({
  wrapper: {
    alignItems: 'center',
    justifyContent: 'center',
    textAlign: 'center',
    minHeight: '60vh',
  },
  icon: {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    width: '96px',
    height: '96px',
    borderRadius: tokens.borderRadiusCircular,
    backgroundColor: tokens.colorBrandBackground2,
    color: tokens.colorBrandForeground2,
    fontSize: '56px',
  },
  iconError: {
    backgroundColor: tokens.colorPaletteRedBackground1,
    color: tokens.colorPaletteRedForeground1,
  },
  title: {
    ...typographyStyles.title1,
    color: tokens.colorNeutralForeground1,
    margin: 0,
  },
  text: {
    ...typographyStyles.body1,
    color: tokens.colorNeutralForeground2,
    margin: 0,
    maxWidth: '52ch',
  },
  actions: {
    display: 'flex',
    flexWrap: 'wrap',
    justifyContent: 'center',
    gap: tokens.spacingHorizontalM,
  },
  details: {
    ...typographyStyles.caption1,
    maxWidth: '100%',
    textAlign: 'start',
    color: tokens.colorNeutralForeground3,
    whiteSpace: 'pre-wrap',
    overflowWrap: 'anywhere',
  },
});
