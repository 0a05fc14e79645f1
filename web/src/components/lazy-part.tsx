import { Suspense, use, type ComponentType, type ReactNode } from 'react';

/** Every part asked for so far (see partsLoaded). */
const requested = new Set<Promise<unknown>>();

/**
 * Resolves once every part the loaded pages asked for is here (or failed): a render that
 * replaces what is on screen (main.tsx after prerendered HTML, a link to another page in
 * app/routes.tsx) waits for it, so the page appears whole instead of its part's placeholder.
 */
export const partsLoaded = (): Promise<unknown> => Promise.allSettled([...requested]);

/**
 * A part of a page in a chunk of its own, such as a form with Formik and Yup: the page's
 * first load does not carry it (docs/performance.md), and it is fetched as soon as the page's
 * module runs, beside the page's hydration. A prerendered part stays on screen as HTML until
 * its code is here, then React takes it over (a Suspense boundary keeps server HTML while it
 * waits), so nothing moves. `fallback` shows only when the part must render before it loaded.
 */
export function lazyPart<P extends object>(load: () => Promise<ComponentType<P>>, fallback: ReactNode = null): ComponentType<P> {
  let Loaded: ComponentType<P> | undefined;
  const loading = load().then((component) => (Loaded = component));
  // A failure surfaces where the part renders (the page's error view, lib/chunk-recovery.ts).
  loading.catch(() => undefined);
  requested.add(loading);
  // Once loaded it renders at once, without suspending (a link back to the page, tests); until
  // then `use` suspends, and the retry renders the loaded component itself.
  const Chosen = (props: P) => {
    const Component = Loaded ?? use(loading);
    return <Component {...props} />;
  };
  return function Part(props: P) {
    return (
      <Suspense fallback={fallback}>
        <Chosen {...props} />
      </Suspense>
    );
  };
}
