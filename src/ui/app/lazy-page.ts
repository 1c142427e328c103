// React.lazy with a preload: a component whose code is a separate chunk, rendered without suspending
// once loaded (tests and server rendering load it first with `preload`).
import { type ComponentType, createElement, lazy, type ReactNode } from 'react';

export interface LazyPage<P> {
  (props: P): ReactNode;
  /** Loads the chunk; once loaded the component renders without suspending. */
  preload: () => Promise<unknown>;
}

export function lazyPage<P extends object>(load: () => Promise<ComponentType<P>>): LazyPage<P> {
  let loaded: ComponentType<P> | null = null;
  let pending: Promise<ComponentType<P>> | null = null;
  const preload = () => {
    pending ??= load().then(
      (component) => {
        loaded = component;
        return component;
      },
      (error: unknown) => {
        // offline before the chunk was cached: a later render or preload tries again
        pending = null;
        throw error;
      },
    );
    return pending;
  };
  const Lazy = lazy(() => preload().then((component) => ({ default: component })));
  // biome-ignore lint/correctness/noComponentHookFactories: called once per page at module level (route-pages.tsx), like React.lazy.
  const Page = (props: P) => createElement((loaded ?? Lazy) as ComponentType<P>, props);
  Page.preload = preload;
  return Page;
}
