import { describe, expect, it } from 'vitest';
import { appTheme } from '../../../src/renderer/app/theme';

/** WCAG 2.2 relative luminance and contrast ratio of two #rrggbb colours. */
const luminance = (hex: string) => {
  const [r, g, b] = [1, 3, 5].map((start) => {
    const channel = parseInt(hex.slice(start, start + 2), 16) / 255;
    return channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
};
const contrast = (a: string, b: string) => {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
};

type Token = keyof typeof appTheme;

/** Text tokens and the backgrounds the screens put them on: normal text needs 4.5:1 (WCAG 1.4.3). */
const TEXT_PAIRS: [Token, Token][] = [
  ['colorNeutralForeground1', 'colorNeutralBackground1'],
  ['colorNeutralForeground2', 'colorNeutralBackground1'],
  ['colorNeutralForeground2', 'colorNeutralBackground2'],
  ['colorNeutralForeground3', 'colorNeutralBackground1'],
  ['colorNeutralForeground3', 'colorNeutralBackground2'],
  ['colorBrandForeground1', 'colorNeutralBackground1'],
  ['colorBrandForeground1', 'colorBrandBackground2'],
  ['colorBrandForegroundLink', 'colorNeutralBackground1'],
  ['colorBrandForegroundLink', 'colorNeutralBackground2'],
  ['colorBrandForegroundLinkHover', 'colorNeutralBackground1'],
  ['colorNeutralForegroundOnBrand', 'colorBrandBackground'],
  ['colorNeutralForegroundOnBrand', 'colorBrandBackgroundHover'],
  ['colorNeutralForegroundOnBrand', 'colorBrandBackgroundPressed'],
  ['colorPaletteRedForeground1', 'colorNeutralBackground1'],
  ['colorPaletteRedForeground1', 'colorPaletteRedBackground1'],
  ['colorPaletteDarkOrangeForeground2', 'colorPaletteDarkOrangeBackground1'],
  ['colorPaletteGreenForeground1', 'colorNeutralBackground1'],
];

/** Focus rings and control borders need 3:1 against what surrounds them (WCAG 1.4.11). */
const NON_TEXT_PAIRS: [Token, Token][] = [
  ['colorStrokeFocus2', 'colorNeutralBackground1'],
  ['colorNeutralStrokeAccessible', 'colorNeutralBackground1'],
  ['colorCompoundBrandStroke', 'colorNeutralBackground1'],
];

describe('theme contrast', () => {
  it.each(TEXT_PAIRS)('%s on %s is at least 4.5:1', (foreground, background) => {
    expect(contrast(appTheme[foreground] as string, appTheme[background] as string)).toBeGreaterThanOrEqual(
      4.5,
    );
  });

  it.each(NON_TEXT_PAIRS)('%s against %s is at least 3:1', (foreground, background) => {
    expect(contrast(appTheme[foreground] as string, appTheme[background] as string)).toBeGreaterThanOrEqual(
      3,
    );
  });

  it('measures contrast the WCAG way', () => {
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrast('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
  });
});
