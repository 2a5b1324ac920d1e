// The custom client directive registered in astro.config.mjs (site/directives/after-paint.ts).
declare namespace Astro {
  interface ClientDirectives {
    'client:afterpaint'?: boolean;
  }
}
