import { StrictMode, type ComponentType, type ReactNode } from 'react';
import { RendererProvider, type GriffelRenderer } from '@griffel/react';
import { DEFAULT_RETENTION_DAYS } from '../shared/limits';
import type { InitialData } from '../shared/site/initial-data';
import { App } from '../renderer/app/app';
import { DrawnSearchContext } from '../renderer/lib/drawn-search';
import { RefusalContext } from '../renderer/lib/refusal';
import { SiteSettingsContext } from '../renderer/lib/site-settings';
import type { AppStore } from '../renderer/store/store';

export interface WebRootProps {
  store: AppStore;
  initial: InitialData | null;
  /**
   * Griffel's renderer: on the server it collects the page's CSS; in the browser the provider
   * first reads back the <style> elements the server sent, so hydration inserts no rule twice.
   */
  renderer: GriffelRenderer;
  /** BrowserRouter in the browser, a StaticRouter at the requested address on the server. */
  Router: ComponentType<{ children: ReactNode }>;
}

/** The web face's whole tree, the same for the server's prerender and the browser's hydration. */
export function WebRoot({ store, initial, renderer, Router }: WebRootProps) {
  const settings = { retentionDays: initial?.retentionDays ?? DEFAULT_RETENTION_DAYS };
  return (
    <StrictMode>
      <RendererProvider renderer={renderer}>
        <SiteSettingsContext value={settings}>
          <DrawnSearchContext value={initial?.search}>
            <RefusalContext value={initial?.refusal}>
              <Router>
                <App store={store} />
              </Router>
            </RefusalContext>
          </DrawnSearchContext>
        </SiteSettingsContext>
      </RendererProvider>
    </StrictMode>
  );
}
