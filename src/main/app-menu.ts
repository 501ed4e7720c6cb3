import type { MenuItemConstructorOptions } from 'electron';

/** The usual roles; developer tools only in development builds. */
export function appMenuTemplate(options: {
  isMac: boolean;
  isDev: boolean;
  appName: string;
  openWebsite: () => void;
}): MenuItemConstructorOptions[] {
  const view: MenuItemConstructorOptions[] = [
    { role: 'reload' },
    { role: 'resetZoom' },
    { role: 'zoomIn' },
    { role: 'zoomOut' },
    { type: 'separator' },
    { role: 'togglefullscreen' },
  ];
  if (options.isDev) view.push({ type: 'separator' }, { role: 'toggleDevTools' });
  return [
    ...(options.isMac ? [{ label: options.appName, role: 'appMenu' as const }] : []),
    { role: 'fileMenu' },
    { role: 'editMenu' },
    { label: 'View', submenu: view },
    { role: 'windowMenu' },
    { role: 'help', submenu: [{ label: 'Open the careers website', click: options.openWebsite }] },
  ];
}
