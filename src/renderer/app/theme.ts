import {
  createCSSRuleFromTheme,
  createLightTheme,
  type BrandVariants,
  type Theme,
} from '@fluentui/react-components';
import { siteConfig } from '../../shared/site/site-config';

/**
 * A deep teal brand ramp. Shades 60-80 carry links and white-on-brand buttons, so each keeps at
 * least 4.5:1 against white and the neutral page background (WCAG AA for normal text).
 */
export const brandRamp: BrandVariants = {
  10: '#020E13',
  20: '#051B24',
  30: '#082A37',
  40: siteConfig.colours.brandDeep,
  50: '#0B4A5F',
  60: '#0B5A73',
  70: '#0A6784',
  80: siteConfig.colours.brand,
  90: '#2685A2',
  100: '#4595B0',
  110: '#62A5BE',
  120: '#80B6CB',
  130: '#9DC7D8',
  140: '#BAD8E5',
  150: '#D6E9F1',
  160: '#F1F8FB',
};

export const appTheme: Theme = {
  ...createLightTheme(brandRamp),
  fontFamilyBase:
    "'Segoe UI', 'Segoe UI Web (West European)', -apple-system, BlinkMacSystemFont, Roboto, 'Helvetica Neue', Arial, sans-serif",
};

/**
 * The theme as one CSS rule of custom properties. theme.css holds its output (kept in step by
 * tests/renderer/theme-css.test.ts; `npm run theme:css` rewrites it), so the app ships the theme as
 * CSS instead of building it at run time: the palette code stays out of the first download.
 */
export function themeCssText(theme: Theme = appTheme): string {
  const rule = createCSSRuleFromTheme(':root', theme);
  const declarations = rule
    .slice(rule.indexOf('{') + 1, rule.lastIndexOf('}'))
    .split('; ')
    .map((declaration) => declaration.trim())
    .filter(Boolean);
  return [
    '/* Generated from src/renderer/app/theme.ts by `npm run theme:css`: do not edit by hand. */',
    ':root {',
    ...declarations.map((declaration) => `  ${declaration};`),
    '}',
    '',
  ].join('\n');
}
