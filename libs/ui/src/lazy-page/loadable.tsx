import { useEffect, useReducer, type ComponentType, type ReactNode } from 'react';

type LoadState<P> =
  | { status: 'loading'; promise: Promise<unknown> }
  | { status: 'done'; component: ComponentType<P> }
  | { status: 'failed'; error: unknown };

/**
 * A component whose code loads the first time it renders, showing `fallback` until then; a load
 * that fails throws from render, to the nearest error boundary.
 *
 * Not React.lazy: content that replaces a Suspense fallback is held back until 300 ms after the
 * fallback appeared (React's Suspense throttling), so a page whose code arrives in 100 ms would
 * still show the loader for 300. This re-renders as soon as the code is in.
 */
export type Loadable<P> = ComponentType<P> & {
  /** Starts loading before the first render (once; a render later uses the same load). */
  preload(): void;
};

export function loadable<P extends object>(
  load: () => Promise<ComponentType<P>>,
  fallback: ReactNode,
): Loadable<P> {
  let state: LoadState<P> | null = null;
  const start = (): LoadState<P> => {
    if (!state) {
      const promise = load().then(
        (component) => {
          state = { status: 'done', component };
        },
        (error: unknown) => {
          state = { status: 'failed', error };
        },
      );
      state = { status: 'loading', promise };
    }
    return state;
  };

  function Loadable(props: P) {
    const [, loaded] = useReducer((count: number) => count + 1, 0);
    const current = start();
    useEffect(() => {
      if (current.status !== 'loading') return;
      let mounted = true;
      void current.promise.then(() => mounted && loaded());
      return () => {
        mounted = false;
      };
    }, [current]);
    if (current.status === 'failed') throw current.error;
    if (current.status === 'done') return <current.component {...props} />;
    return fallback;
  }
  return Object.assign(Loadable, { preload: () => void start() });
}
