// Path routing for the single page (Hosting rewrites every other path to index.html).
import { signal } from './state.js';

export const route = signal(location.pathname);

export function navigate(path: string): void {
  if (path === location.pathname) return;
  history.pushState(null, '', path);
  route.set(path);
}

addEventListener('popstate', () => route.set(location.pathname));

/** A click handler for in-app links: keeps modified clicks (new tab) to the browser. */
export function linkHandler(path: string) {
  return (event: MouseEvent) => {
    if (event.ctrlKey || event.metaKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    navigate(path);
  };
}
