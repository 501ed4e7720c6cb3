import type { Representation } from '../http/representation';

/**
 * Draws a page; `drawn` hears whether the page is final: the prerender drew it, or it cannot, so the
 * plain shell is all there will be (false: a prerender that failed, to be tried again).
 */
export type DrawPage = (drawn: (final: boolean) => void) => Promise<Representation>;

interface Drawing {
  /** What the page shows, by identity: a page drawn from other values is stale. */
  basis: readonly unknown[];
  page: Promise<Representation>;
  /** The page once drawn for good (never the plain shell a failed prerender sends). */
  done?: Representation;
}

const sameBasis = (a: readonly unknown[], b: readonly unknown[]) =>
  a.length === b.length && a.every((value, index) => Object.is(value, b[index]));

/**
 * The pages the server has drawn, by address, each with what it was drawn from: a page stays
 * drawn until what it shows changes (its basis), however long nobody asks for it, so no visitor
 * after a quiet spell waits for a drawing (docs/architecture.md#prerendered-pages). At most
 * `maxPages` are kept: past it, the page least recently asked for is let go, and drawn again for
 * its next visitor (docs/operations.md#memory).
 */
export function createDrawnPages(maxPages = Number.POSITIVE_INFINITY) {
  // A Map iterates in insertion order: moving a page to the end on each use keeps the least
  // recently used first.
  const drawings = new Map<string, Drawing>();
  return {
    /**
     * The page at `address` drawn from `basis`: the one kept when it was, else a new drawing that
     * everyone asking meanwhile shares. A drawing that fails, or whose prerender failed, is not
     * kept: the next to ask draws it again.
     */
    page(address: string, basis: readonly unknown[], draw: DrawPage): Promise<Representation> {
      const kept = drawings.get(address);
      if (kept && sameBasis(kept.basis, basis)) {
        drawings.delete(address);
        drawings.set(address, kept);
        return kept.page;
      }
      let final = false;
      const drawing: Drawing = { basis, page: draw((drawn) => (final = drawn)) };
      drawings.delete(address);
      drawings.set(address, drawing);
      for (const oldest of drawings.keys()) {
        if (drawings.size <= maxPages) break;
        drawings.delete(oldest);
      }
      const forget = () => {
        if (drawings.get(address) === drawing) drawings.delete(address);
      };
      void drawing.page.then((page) => {
        if (final) drawing.done = page;
        else forget();
      }, forget);
      return drawing.page;
    },
    /** The page drawn at `address` from `basis`, when it is ready. */
    current(address: string, basis: readonly unknown[]): Representation | undefined {
      const kept = drawings.get(address);
      return kept && sameBasis(kept.basis, basis) ? kept.done : undefined;
    },
    /** Whether a page was drawn (or is being drawn) at `address`, from whatever. */
    has: (address: string) => drawings.has(address),
    addresses: () => [...drawings.keys()],
    size: () => drawings.size,
    forget: (address: string) => void drawings.delete(address),
  };
}

export type DrawnPages = ReturnType<typeof createDrawnPages>;
