// The console's stylesheet: each entry imports it (the web one so its HTML links it).
import '@fluentui/react-icons/headless/styles.css';
import '../app/theme.css';
import '../app/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { HashRouter } from 'react-router-dom';
import { AppShell } from '../app/app-shell';
import { createAppStore } from '../store/store';
import { createDesktopPlatform } from './desktop-platform';
import { DesktopRoutes } from './desktop-routes';

/**
 * The desktop console's entry. A hash router, because main serves one index.html from the app://
 * scheme and history paths would not map to files there. The Platform needs the saved settings
 * (the API address) before the store exists, so it is created first.
 */
async function start(): Promise<void> {
  const root = createRoot(document.getElementById('root')!);
  try {
    const platform = await createDesktopPlatform();
    const store = createAppStore(platform);
    root.render(
      <StrictMode>
        <HashRouter>
          <AppShell store={store}>
            <DesktopRoutes console={platform.console} />
          </AppShell>
        </HashRouter>
      </StrictMode>,
    );
  } catch (error) {
    console.error('console start failed', error);
    root.render(
      <main role="alert" style={{ padding: 32, fontFamily: 'system-ui, sans-serif' }}>
        <h1>The Careers Console could not start</h1>
        <p>{error instanceof Error ? error.message : String(error)}</p>
      </main>,
    );
  }
}

void start();
