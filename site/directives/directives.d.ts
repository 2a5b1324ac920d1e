// The custom client directive registered in astro.config.mjs (site/directives/after-paint.ts):
// `client:afterpaint`, or `client:afterpaint={{ visible: true }}` to wait for the island's view too.
declare namespace Astro {
  interface ClientDirectives {
    'client:afterpaint'?: boolean | { visible: true };
  }
}
