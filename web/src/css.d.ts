// esbuild loads stylesheets as text (build.mjs): the map chunk injects Leaflet's own.
declare module '*.css' {
  const text: string;
  export default text;
}
