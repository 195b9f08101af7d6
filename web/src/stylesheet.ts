// A lazy chunk's stylesheet (esbuild loads .css files as text: build.mjs), added to the page the
// first time the chunk needs it, so that it costs the first load nothing.
const added = new Set<string>();

export function addStylesheet(css: string): void {
  if (added.has(css)) return;
  const style = document.createElement('style');
  style.textContent = css;
  document.head.append(style);
  added.add(css);
}
