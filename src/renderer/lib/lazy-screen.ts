import { lazy, type ComponentType } from 'react';

type ScreenProps<Screen> = Screen extends ComponentType<infer Props> ? Props : never;

/** React.lazy for a named export, so screens keep their names and no default exports are needed. */
export function lazyScreen<Module, Name extends keyof Module>(load: () => Promise<Module>, name: Name) {
  return lazy(async () => ({
    default: (await load())[name] as ComponentType<ScreenProps<Module[Name]>>,
  }));
}
