import { tokens } from '@fluentui/react-components';
import type { ApplicationStage } from '../../shared/applications/stage-contract';

/**
 * One colour per stage, for the dot beside a stage's name and the pipeline bars. Colour never
 * carries the stage alone: its name is always written next to it.
 */
export const stageColors: Record<ApplicationStage, string> = {
  new: tokens.colorPaletteBlueBorderActive,
  reviewed: tokens.colorPaletteTealBorderActive,
  shortlisted: tokens.colorPaletteLavenderBorderActive,
  interview: tokens.colorPaletteDarkOrangeBorderActive,
  offer: tokens.colorPaletteBerryBorderActive,
  hired: tokens.colorPaletteGreenBorderActive,
  rejected: tokens.colorPaletteRedBorderActive,
  withdrawn: tokens.colorNeutralForeground3,
};
