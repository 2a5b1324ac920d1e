import { siteSchema } from '../../schemas/content.ts';
import type { EmailBrand } from '../services/emails.ts';
import site from '../../content/site.json';

/** The shipped brand (content/site.json), for tests that build e-mails directly. */
export const testBrand: EmailBrand = siteSchema.parse(site);
