import { z } from 'zod';
import { formValues } from './content.ts';

/** GET /api/admin/site-settings (PUT answers `{ success, item }`). */
export const siteSettingsResponse = z.object({ item: formValues, updatedAt: z.string().nullable() });
export type SiteSettingsResponse = z.infer<typeof siteSettingsResponse>;
export const siteSettingsSavedResponse = z.object({ success: z.literal(true), item: formValues });
export type SiteSettingsSaved = z.infer<typeof siteSettingsSavedResponse>;
/**
 * PUT /api/admin/site-settings/contacts: the saved block, and the previous addresses told of the
 * change (none when nothing changed).
 */
export const siteContactsSavedResponse = z.object({
  success: z.literal(true),
  item: formValues,
  message: z.string(),
  notified: z.array(z.string()),
});
export type SiteContactsSaved = z.infer<typeof siteContactsSavedResponse>;
