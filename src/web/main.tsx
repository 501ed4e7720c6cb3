import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { DEFAULT_RETENTION_DAYS } from '../shared/limits';
import { App } from '../renderer/app/app';
import { SiteSettingsContext } from '../renderer/app/site-settings';
import { createAppStore } from '../renderer/app/store';
import { primeStore, readInitialData } from './initial-data';
import { createWebPlatform } from './web-platform';

const platform = createWebPlatform();
const store = createAppStore(platform);
const initial = readInitialData();
if (initial) primeStore(store, initial);
const settings = { retentionDays: initial?.retentionDays ?? DEFAULT_RETENTION_DAYS };

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <SiteSettingsContext value={settings}>
      <BrowserRouter>
        <App store={store} />
      </BrowserRouter>
    </SiteSettingsContext>
  </StrictMode>,
);
