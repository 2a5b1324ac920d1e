import { Fragment, type CSSProperties } from 'react';
import {
  IMAGE_FORMATS,
  IMAGE_CONTENT_TYPES,
  parseImageUrl,
  variantUrl,
  variantWidths,
} from '#schemas/images.ts';
import { PLACEHOLDER_IMAGE } from '#site/lib/image-fallback.ts';
import { LARGEST_IMAGE_TIMING } from '#site/lib/largest-image.ts';
import { DEFERRED_SRC, DEFERRED_SRCSET } from '#site/lib/deferred-image.ts';
import { showIfPainted } from '#site/client-scripts/deferred-images.ts';
import '../styles/content-image.css';

export interface ContentImageProps {
  /** What content stores: a processed image's address (schemas/images.ts), a file of ours, or a link. */
  src: string;
  alt: string;
  /** The box for images that are not processed (SVGs of ours, uploads from before the pipeline). */
  width: number;
  height: number;
  /** How wide the image is drawn at each viewport: the browser picks the variant from it. */
  sizes: string;
  /** The page's largest image: requested first, at once (fetchpriority="high", never lazy), and
   * marked for Element Timing: the page's other work starts once it has painted (largest-image.ts). */
  priority?: boolean;
  /** In the first screen but not the largest: loaded at once, without priority. Default: lazy, and
   * deferred until the page has painted (site/lib/deferred-image.ts). */
  eager?: boolean;
  className?: string;
  /** The image as inline SVG markup (site/lib/inline-image.ts): drawn as it is, in place of an <img>. */
  svg?: string | undefined;
}

/**
 * Every content image on every page and island: a processed image becomes a
 * <picture> with AVIF and WebP sources and a JPEG <img>, each with the variants' srcset and the
 * caller's sizes; width and height are the image's own (the box never moves: CLS 0), its dominant
 * colour fills the box until the image arrives, and crops keep its focal point in view
 * (object-position). A link to another site that was not fetched at save time shows our placeholder:
 * pages never load a third party's image. Small SVGs of ours stay inline when given as `svg`.
 * A lazy image waits for the page's paint: its addresses are in data attributes until the page's
 * loader sets them, with a <noscript> copy (site/lib/deferred-image.ts). An island draws the same
 * markup in the browser (hydration must find what the server wrote), and an image it draws after
 * the page has painted is shown at once (`showIfPainted`).
 */
export function ContentImage({
  src,
  alt,
  width,
  height,
  sizes,
  priority = false,
  eager = false,
  className,
  svg,
}: ContentImageProps) {
  if (svg) return <span className="svg-slot" dangerouslySetInnerHTML={{ __html: svg }} />;
  const loading = priority || eager ? 'eager' : 'lazy';
  const draw = (deferred: boolean) =>
    drawImage({ src, alt, width, height, sizes, priority, loading, className, deferred });
  if (loading === 'eager') return draw(false);
  // Keyed by the address: another image is another element, whose ref shows it (an <img> whose
  // address React changed in place would keep the old one, set by showIfPainted, not by React).
  return (
    <Fragment key={src}>
      {draw(true)}
      <noscript>{draw(false)}</noscript>
    </Fragment>
  );
}

/** The addresses of an image, in place or (deferred) held in data attributes. */
const addresses = (deferred: boolean, src: string | undefined, srcSet: string | undefined) =>
  deferred ? { [DEFERRED_SRC]: src, [DEFERRED_SRCSET]: srcSet } : { src, srcSet };

function drawImage({
  src,
  alt,
  width,
  height,
  sizes,
  priority,
  loading,
  className,
  deferred,
}: Omit<ContentImageProps, 'svg' | 'eager'> & { loading: 'eager' | 'lazy'; deferred: boolean }) {
  const ref = parseImageUrl(src);
  if (!ref) {
    const remote = /^https?:\/\//i.test(src);
    return (
      <img
        className={className}
        {...addresses(deferred, remote ? PLACEHOLDER_IMAGE : src, undefined)}
        {...(deferred && { ref: showIfPainted })}
        alt={alt}
        width={width}
        height={height}
        loading={loading}
        {...(priority && { fetchPriority: 'high' as const, elementtiming: LARGEST_IMAGE_TIMING })}
        {...(remote && { 'data-unfetched': '' })}
      />
    );
  }
  const widths = variantWidths(ref.width);
  const srcSet = (format: (typeof IMAGE_FORMATS)[number]) =>
    widths.map((w) => `${variantUrl(ref.id, w, format)} ${w}w`).join(', ');
  const style: CSSProperties = { objectPosition: `${ref.focus.x}% ${ref.focus.y}%` };
  if (ref.color) style.backgroundColor = ref.color;
  // The <img>'s own src: the smallest variant at least 640 px wide, for browsers without srcset.
  const fallbackWidth = widths.find((w) => w >= 640) ?? widths[widths.length - 1]!;
  return (
    <picture className="content-image">
      {IMAGE_FORMATS.filter((f) => f !== 'jpg').map((f) => (
        <source
          key={f}
          type={IMAGE_CONTENT_TYPES[f]}
          {...(deferred ? { [DEFERRED_SRCSET]: srcSet(f) } : { srcSet: srcSet(f) })}
          sizes={sizes}
        />
      ))}
      <img
        className={className}
        {...addresses(deferred, variantUrl(ref.id, fallbackWidth, 'jpg'), srcSet('jpg'))}
        {...(deferred && { ref: showIfPainted })}
        sizes={sizes}
        alt={alt}
        width={ref.width}
        height={ref.height}
        loading={loading}
        {...(!priority && { decoding: 'async' as const })}
        {...(priority && { fetchPriority: 'high' as const, elementtiming: LARGEST_IMAGE_TIMING })}
        data-placeholder={ref.color ?? 'transparent'}
        style={style}
      />
    </picture>
  );
}
