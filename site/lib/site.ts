import { siteSchema } from '#schemas/content.ts';
import shippedSite from '#content/site.json' with { type: 'json' };
import { getSnapshot } from './snapshot.ts';

/** The shipped brand (content/site.json): what a build without a site block (type-checking) shows. */
export const defaultSite = siteSchema.parse(shippedSite);

/** The brand a page is built with: the database's site block, else the shipped content file. */
export async function getSite() {
  return (await getSnapshot()).site ?? defaultSite;
}
