import { sqliteTable, text, integer, index } from 'drizzle-orm/sqlite-core';
import { timestamps } from './columns.ts';

/**
 * Content images after the pipeline (docs/decisions/023-image-pipeline.md): one row per image,
 * however many fields show it. The id is derived from the bytes received (schemas/images.ts), so the
 * same file uploaded twice, or a link saved twice, is processed and stored once. The original is
 * never kept: only its variants (R2, `image-variants/<id>/…`), with no metadata.
 */
export const images = sqliteTable(
  'images',
  {
    id: text('id').primaryKey(),
    /** Size as displayed (the EXIF orientation applied). */
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    /** The placeholder: dominant colour (#rrggbb), null when the image has transparency. */
    color: text('color'),
    /** What was received: jpeg, png, webp or heic (judged by the bytes). */
    format: text('format').notNull(),
    /** Bytes received. */
    bytes: integer('bytes').notNull(),
    /** Bytes of each variant stored, by `<width>.<format>`. */
    variantBytes: text('variant_bytes', { mode: 'json' }).$type<Record<string, number>>().notNull(),
    /** The link it was fetched from when content named a remote image (null for uploads). */
    sourceUrl: text('source_url'),
    /** The staff member who uploaded or linked it. */
    createdBy: text('created_by'),
    ...timestamps,
  },
  (t) => [index('images_source_url_idx').on(t.sourceUrl)],
);
