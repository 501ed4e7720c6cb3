import type { DesktopBridge } from '../../shared/desktop/desktop-bridge';

// The preload (src/preload/index.ts) exposes this with contextBridge; only desktop-platform.ts reads
// it. Absent when the console's page is opened anywhere but in the console.
declare global {
  interface Window {
    desktop?: DesktopBridge;
  }
}

export {};
