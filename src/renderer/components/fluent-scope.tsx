import type { ReactNode } from 'react';
import { FluentProvider } from '@fluentui/react-components';

// The values come from theme.css on :root; an empty theme keeps the provider from repeating them.
const themeFromCss = {};

/**
 * Fluent's context (focus-visible tracking, portals, text direction) for the parts of the app
 * that use Fluent components. It lives in lazy chunks, never in the home page's download.
 */
export function FluentScope({ children }: { children: ReactNode }) {
  return <FluentProvider theme={themeFromCss}>{children}</FluentProvider>;
}
