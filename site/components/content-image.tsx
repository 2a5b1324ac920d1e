import type { CSSProperties } from 'react';
import {
  IMAGE_FORMATS,
  IMAGE_CONTENT_TYPES,
  parseImageUrl,
  variantUrl,
  variantWidths,
} from '#schemas/images.ts';
import { PLACEHOLDER_IMAGE } from '#site/lib/image-fallback.ts';
import { LARGEST_IMAGE_TIMING } from '#site/lib/largest-image.ts';
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
  /** In the first screen but not the largest: loaded at once, without priority. Default: lazy. */
  eager?: boolean;
  className?: string;
  /** The image as inline SVG markup (site/lib/inline-image.ts): drawn as it is, in place of an <img>. */
  svg?: string | undefined;
}

/**
 * Every content image on every page and island (DESIGN convention 16): a processed image becomes a
 * <picture> with AVIF and WebP sources and a JPEG <img>, each with the variants' srcset and the
 * caller's sizes; width and height are the image's own (the box never moves: CLS 0), its dominant
 * colour fills the box until the image arrives, and crops keep its focal point in view
 * (object-position). A link to another site that was not fetched at save time shows our placeholder:
 * pages never load a third party's image. Small SVGs of ours stay inline when given as `svg`.
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
  const ref = parseImageUrl(src);
  if (!ref) {
    const remote = /^https?:\/\//i.test(src);
    return (
      <img
        className={className}
        src={remote ? PLACEHOLDER_IMAGE : src}
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
        <source key={f} type={IMAGE_CONTENT_TYPES[f]} srcSet={srcSet(f)} sizes={sizes} />
      ))}
      <img
        className={className}
        src={variantUrl(ref.id, fallbackWidth, 'jpg')}
        srcSet={srcSet('jpg')}
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
