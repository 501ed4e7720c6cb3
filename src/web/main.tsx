import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { App } from '../renderer/app/app';
import { createAppStore } from '../renderer/app/store';
import { createWebPlatform } from './web-platform';

const platform = createWebPlatform();
const store = createAppStore(platform);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <BrowserRouter>
      <App store={store} />
    </BrowserRouter>
  </StrictMode>,
);
