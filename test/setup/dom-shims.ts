// The jsdom shims: Mantine's browser needs (matchMedia with reduced motion, ResizeObserver, scrollIntoView,
// document.fonts) and React's act environment. Idempotent.
export function installDomShims() {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  // Reduced motion: Mantine then skips its transitions, so a modal is there as soon as it opens (no wait on
  // animation frames, whose timing jsdom ties to the wall clock).
  window.matchMedia ??= ((query: string) => ({
    matches: query.includes('prefers-reduced-motion'),
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  })) as typeof window.matchMedia;
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
  window.HTMLElement.prototype.scrollIntoView ??= () => {};
  // Textarea autosize listens to font loading.
  if (!('fonts' in document))
    Object.defineProperty(document, 'fonts', {
      value: { addEventListener: () => {}, removeEventListener: () => {}, ready: Promise.resolve() },
    });
}
