/// <reference types="node" />
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { appTheme, themeCssText } from '../../../src/renderer/app/theme';

const cssFile = path.resolve(__dirname, '../../../src/renderer/app/theme.css');

describe('theme.css', () => {
  it('is the CSS form of theme.ts (run `npm run theme:css` after changing the theme)', () => {
    const expected = themeCssText(appTheme);
    if (process.env.UPDATE_THEME_CSS === '1') writeFileSync(cssFile, expected);
    expect(readFileSync(cssFile, 'utf8')).toBe(expected);
  });

  it('defines every token the components read', () => {
    const css = readFileSync(cssFile, 'utf8');
    for (const name of ['colorBrandBackground', 'colorNeutralForeground1', 'fontFamilyBase', 'shadow16'])
      expect(css).toContain(`--${name}:`);
  });
});
