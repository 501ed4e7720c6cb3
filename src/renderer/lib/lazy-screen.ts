import { lazy, type ComponentType } from 'react';

type ScreenProps<Screen> = Screen extends ComponentType<infer Props> ? Props : never;

export type LazyScreen<Props> = ReturnType<typeof lazy<ComponentType<Props>>> & {
  /** Fetches the screen's chunk; once it has arrived, the screen renders at once, without suspending. */
  preload: () => Promise<unknown>;
  /** Whether the chunk has arrived. */
  loaded: () => boolean;
};

/**
 * React.lazy for a named export, so screens keep their names and no default exports are needed.
 *
 * `preload()` lets a page the server prerendered be hydrated (and prerendered) in one pass: React
 * reads a lazy screen synchronously when the thenable its loader returns settles inside `then`, so
 * once the chunk is here the loader answers with such a thenable instead of a fresh promise, which
 * would suspend the screen for a tick and leave the server's HTML un-hydrated meanwhile.
 */
export function lazyScreen<Module, Name extends keyof Module>(
  load: () => Promise<Module>,
  name: Name,
): LazyScreen<ScreenProps<Module[Name]>> {
  type Screen = ComponentType<ScreenProps<Module[Name]>>;
  let loaded: { default: Screen } | undefined;
  let loading: Promise<{ default: Screen }> | undefined;
  const preload = () =>
    (loading ??= load().then(
      (module) => (loaded = { default: module[name] as Screen }),
      (error: unknown) => {
        // A failed download may be tried again (the next visit to the screen, or a retry).
        loading = undefined;
        throw error;
      },
    ));
  const screen = lazy(() => {
    const ready = loaded;
    if (!ready) return preload();
    const settled: PromiseLike<{ default: Screen }> = {
      then: (onFulfilled) => Promise.resolve(onFulfilled ? onFulfilled(ready) : ready) as never,
    };
    // React.lazy calls `then` on what the loader returns and reads the outcome straight after.
    return settled as Promise<{ default: Screen }>;
  });
  return Object.assign(screen, { preload, loaded: () => loaded !== undefined });
}
