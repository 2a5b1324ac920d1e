export * from './catalog.ts';
export * from './site-content.ts';
export * from './accounts.ts';
export * from './requests.ts';
export * from './operations.ts';
export * from './alerts.ts';
export * from './finder.ts';
export * from './images.ts';
