import { z } from 'zod';
import {
  cityCostSchema,
  countryCostSchema,
  countrySchema,
  departmentSchema,
  exchangeRateSchema,
  featureSchema,
  jobSchema,
  officeSchema,
  serviceSchema,
  subjectSchema,
  teamMemberSchema,
  universitySchema,
} from '../content.ts';

/**
 * Content kinds staff edit, each validated by the seed's own schema (one rule, one place).
 * `retire` says how a row leaves the public site: is_active false, or a job closed.
 */
const featureWithId = featureSchema.extend({ id: countrySchema.shape.id });
const jobRow = jobSchema.omit({ position: true });
export const contentKinds = {
  countries: { label: 'Countries', schema: countrySchema, title: 'name', preview: '/country-details/' },
  universities: { label: 'Universities', schema: universitySchema, title: 'name', preview: null },
  departments: { label: 'Departments', schema: departmentSchema, title: 'name', preview: null },
  subjects: { label: 'Subjects', schema: subjectSchema, title: 'name', preview: '/subject/' },
  jobs: { label: 'Jobs', schema: jobRow, title: 'title', preview: '/job/' },
  services: {
    label: 'Services',
    schema: serviceSchema.omit({ isActive: true }),
    title: 'title',
    preview: null,
  },
  features: { label: 'Features', schema: featureWithId, title: 'title', preview: null },
  offices: { label: 'Offices', schema: officeSchema, title: 'name', preview: null },
  team: { label: 'Team members', schema: teamMemberSchema, title: 'name', preview: null },
  // The finder's costs: shown in every "Estimated total cost".
  countryCosts: {
    label: 'Country costs (living, visa, health)',
    schema: countryCostSchema,
    title: 'id',
    preview: null,
  },
  cityCosts: { label: 'City living costs', schema: cityCostSchema, title: 'name', preview: null },
  exchangeRates: { label: 'Exchange rates', schema: exchangeRateSchema, title: 'id', preview: null },
} as const;
export type ContentKind = keyof typeof contentKinds;
export const contentKindNames = Object.keys(contentKinds) as ContentKind[];
export const contentKindParam = z.object({
  kind: z.enum(contentKindNames as [ContentKind, ...ContentKind[]], 'Unknown content kind'),
});

/**
 * Which fields are images, by kind (a list field holds one image per entry): the forms show an
 * upload, alt text and focal point beside them, and a save fetches the ones given as links.
 */
export const imageFields: Record<ContentKind, string[]> = {
  countries: ['flag', 'image'],
  universities: ['logo', 'image'],
  departments: ['imageUrl'],
  subjects: ['image', 'logo', 'universityimage'],
  jobs: [],
  services: ['icon'],
  features: ['image'],
  offices: [],
  team: ['image'],
  countryCosts: [],
  cityCosts: [],
  exchangeRates: [],
};

/** One row of GET /api/admin/content/:kind. */
export const contentRowSchema = z.object({
  id: z.string(),
  title: z.string(),
  active: z.boolean(),
  updatedAt: z.string(),
  preview: z.string().nullable(),
});
export type ContentRow = z.infer<typeof contentRowSchema>;
/** A content item as the editor's form holds it: plain JSON, field by field. */
export const formValues = z.record(z.string(), z.json());
/** GET /api/admin/content/:kind/:id. */
export const contentItemResponse = z.object({
  kind: z.enum(contentKindNames as [ContentKind, ...ContentKind[]]),
  item: formValues,
  active: z.boolean(),
  updatedAt: z.string(),
  preview: z.string().nullable(),
});
export type ContentItemResponse = z.infer<typeof contentItemResponse>;
/** POST /api/admin/content/:kind (201) and PUT /api/admin/content/:kind/:id. */
export const contentSavedResponse = z.object({
  success: z.literal(true),
  id: z.string(),
  preview: z.string().nullable(),
  /**
   * Linked images that could not be fetched at this save, by field path ('image',
   * 'universityimage.2'): saved as links, shown on the site as the placeholder until a save fetches them.
   */
  imageWarnings: z.array(z.object({ field: z.string(), message: z.string() })).default([]),
});
export type ContentSavedResponse = z.infer<typeof contentSavedResponse>;
/** POST /api/admin/content/:kind/:id/retire|restore. */
export const contentActiveResponse = z.object({ success: z.literal(true), active: z.boolean() });
export type ContentActiveResponse = z.infer<typeof contentActiveResponse>;
