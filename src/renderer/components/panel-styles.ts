import { makeStyles, tokens } from '@fluentui/react-components';

/** The white, bordered, raised panel of the public site: the apply form, its closed notice, job cards. */
export const usePanelStyles = makeStyles({
  panel: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalL,
    padding: 'clamp(16px, 3vw, 28px)',
    backgroundColor: tokens.colorNeutralBackground1,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusXLarge,
    boxShadow: tokens.shadow8,
  },
});
