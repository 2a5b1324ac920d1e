import type { ImgHTMLAttributes } from 'react';

/**
 * A small SVG of our own drawn inline, or the `<img>` it stands for. `svg` is markup from
 * `inlineSvgMarkup` (site/lib/inline-image.ts), made at build time from files under site/public
 * only, so it never carries markup edited in the back office; a page rendered in the browser (the
 * fallback shells) has none and gets the `<img>`. Why inline: an SVG image is laid out as a
 * document of its own and decoded after the text beside it, which delays the largest paint
 * (issue 16 item 15). The wrapper is `display: contents`, so the layout is the image's.
 */
export function InlineSvgOrImg({
  svg,
  ...img
}: { svg?: string | undefined } & ImgHTMLAttributes<HTMLImageElement>) {
  return svg ? <span className="svg-slot" dangerouslySetInnerHTML={{ __html: svg }} /> : <img {...img} />;
}
