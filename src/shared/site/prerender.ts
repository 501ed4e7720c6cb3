import type { InitialData } from './initial-data';

/** A page of the public site prerendered on the server: the root's markup and the CSS it uses. */
export interface Prerendered {
  html: string;
  /** Griffel's <style> elements, which the browser's renderer reads back when it hydrates. */
  styles: string;
}

export type Prerender = (url: string, data: InitialData) => Promise<Prerendered>;

/** Where `npm run build:web` writes the prerender bundle: beside the web build, never served. */
export const PRERENDER_DIR = 'web-prerender';
export const PRERENDER_FILE = 'prerender.js';
