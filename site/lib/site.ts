import type { BuildSnapshot } from './snapshot.ts';

/** Used only when the build has no site block (type-checking without a database). */
export const defaultSite: NonNullable<BuildSnapshot['site']> = {
  companyName: 'Study and Work Abroad',
  brandLine: 'Study and Work Abroad',
  tagline: 'Study, work and hire across borders',
  phone: '+44 20 7946 0321',
  email: 'info@example.com',
  admissionsEmail: 'admissions@example.com',
  staffNotificationEmail: 'staff-alerts@example.com',
  logo: '/images/logo.svg',
  address: 'London, United Kingdom',
  social: { facebook: 'https://www.facebook.com/', instagram: 'https://www.instagram.com/' },
  footerBlurb: 'We help individuals reach global career and education goals and help businesses with their talent needs.',
};
