/**
 * The back office's contract: staff accounts, lists, pipelines and content kinds, one file per
 * domain (mirroring functions/routes/admin/*). Import from here: `#schemas/admin/index.ts`.
 */
export * from './staff.ts';
export * from './auth.ts';
export * from './shared.ts';
export * from './dashboard.ts';
export * from './inbox.ts';
export * from './pipelines.ts';
export * from './audit.ts';
export * from './content.ts';
export * from './site-settings.ts';
export * from './images.ts';
export * from './insight.ts';
