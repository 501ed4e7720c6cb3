import { makeStyles, shorthands, tokens, typographyStyles } from '@fluentui/react-components';

/**
 * A file field drawn as a drop zone: its label, a dashed card holding the prompt and the button
 * that opens the chooser, then the chosen file's name and size with a way to remove it. The CV
 * picker and the right-to-work evidence picker share it, so every file field looks the same.
 */
export const useFileDropZoneStyles = makeStyles({
  field: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  label: { ...typographyStyles.body1Strong },
  required: { color: tokens.colorPaletteRedForeground3 },
  zone: {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    gap: tokens.spacingVerticalS,
    padding: tokens.spacingHorizontalXL,
    borderRadius: tokens.borderRadiusLarge,
    border: `${tokens.strokeWidthThick} dashed ${tokens.colorNeutralStroke1}`,
    backgroundColor: tokens.colorNeutralBackground2,
    textAlign: 'center',
    transitionProperty: 'background-color, border-color',
    transitionDuration: tokens.durationFaster,
    // Focus lands here after a file is chosen or removed; a keyboard user must see where it is.
    ':focus-visible': {
      outline: `${tokens.strokeWidthThick} solid ${tokens.colorStrokeFocus2}`,
      outlineOffset: '2px',
    },
  },
  dragging: {
    ...shorthands.borderColor(tokens.colorBrandStroke1),
    backgroundColor: tokens.colorBrandBackground2,
  },
  invalid: { ...shorthands.borderColor(tokens.colorPaletteRedBorder2) },
  icon: { fontSize: '36px', color: tokens.colorBrandForeground1 },
  hint: { ...typographyStyles.caption1, color: tokens.colorNeutralForeground2, margin: 0 },
  text: { ...typographyStyles.body1, margin: 0 },
  processing: { width: '100%', display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  ready: {
    width: '100%',
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalM,
    textAlign: 'start',
  },
  fileName: { ...typographyStyles.body1Strong, margin: 0, overflowWrap: 'anywhere' },
  readyText: {
    ...typographyStyles.caption1Strong,
    color: tokens.colorPaletteGreenForeground1,
    display: 'inline-flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalXS,
    margin: 0,
  },
  grow: { flexGrow: 1, minWidth: 0 },
  error: {
    ...typographyStyles.caption1,
    color: tokens.colorPaletteRedForeground1,
    display: 'inline-flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalXS,
    margin: 0,
  },
});
