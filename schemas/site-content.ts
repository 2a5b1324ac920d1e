import { z } from 'zod';

// Response shapes of the home page's content reads (spec 1 section 2.4), satisfied by
// functions/routes/{features,services,mission-vision} and typing the home islands (types only there:
// the home page ships no zod; its islands load these schemas in development only). The built-in
// content shown when a call fails (site/lib/fallbacks.ts) has the same shapes.

/** A "Why choose us" card (GET /api/features: the active ones in order). */
export const featureItem = z.object({
  title: z.string(),
  description: z.string(),
  gradientFrom: z.string(),
  gradientTo: z.string(),
  image: z.string(),
  /** The image's alt text (the editor's, else the title). Built-in cards have none. */
  imageAlt: z.string().optional(),
  icon: z.string().optional(),
  learnMoreLink: z.string().optional(),
});
export type FeatureItem = z.infer<typeof featureItem>;

/** GET /api/features: the spec's plain array. */
export const featuresResponse = z.array(featureItem);

/** A service card (GET /api/services). */
export const serviceItem = z.object({
  _id: z.string(),
  title: z.string(),
  description: z.string(),
  icon: z.string(),
  iconBg: z.string(),
  link: z.string(),
  isNew: z.boolean(),
  isActive: z.boolean(),
});
export type ServiceItem = z.infer<typeof serviceItem>;

/** GET /api/services. */
export const servicesResponse = z.object({ success: z.literal(true), data: z.array(serviceItem) });
export type ServicesResponse = z.infer<typeof servicesResponse>;

/** The mission and vision block, with the `_id`s the spec's shape carries on goals and values. */
export const missionVisionContent = z.object({
  sectionTitle: z.object({ subtitle: z.string(), title: z.string() }),
  mission: z.object({ title: z.string(), description: z.string(), points: z.array(z.string()) }),
  vision: z.object({
    title: z.string(),
    description: z.string(),
    goals: z.array(z.object({ number: z.string(), text: z.string(), _id: z.string().optional() })),
  }),
  values: z.object({
    title: z.string(),
    items: z.array(
      z.object({ icon: z.string(), title: z.string(), desc: z.string(), _id: z.string().optional() }),
    ),
  }),
  missionTitle: z.string(),
  visionTitle: z.string(),
  missionDescription: z.string(),
});
export type MissionVisionContent = z.infer<typeof missionVisionContent>;

/** GET /api/about: the about block's counters and company introduction. */
export const aboutResponse = z.object({
  success: z.literal(true),
  stats: z.object({
    yearsExperience: z.number(),
    projectsChallenged: z.number(),
    positiveReviews: z.number(),
    trustedStudents: z.number(),
  }),
  companyInfo: z.object({ title: z.string(), subtitle: z.string(), description: z.string() }),
});
export type AboutResponse = z.infer<typeof aboutResponse>;

/** GET /api/missionvission and /api/about-mission-vision. */
export const missionVisionResponse = z.object({ success: z.literal(true), data: missionVisionContent });
export type MissionVisionResponse = z.infer<typeof missionVisionResponse>;
