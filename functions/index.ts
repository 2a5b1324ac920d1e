import { Hono } from 'hono';
import type { AppEnv } from './lib/app-env.ts';
import { database } from './middleware/db.ts';
import { onError, notFound } from './middleware/errors.ts';
import { securityHeaders } from './middleware/security-headers.ts';
import { publicCache } from './middleware/cache.ts';
import { subjects } from './routes/subjects/subjects.ts';
import { countries } from './routes/countries/countries.ts';
import { universities } from './routes/universities/universities.ts';
import { departments } from './routes/departments/departments.ts';
import { features } from './routes/features/features.ts';
import { services } from './routes/services/services.ts';
import { missionVision } from './routes/mission-vision/mission-vision.ts';
import { about } from './routes/about/about.ts';
import { dev } from './routes/dev/dev.ts';
import { pages } from './routes/pages/fallback.ts';
import { admin, publicFiles } from './routes/admin/index.ts';

const app = new Hono<AppEnv>();

app.use('*', securityHeaders);
app.use('/api/*', database);

// Public reads: short-lived caching with background revalidation.
for (const path of ['/api/subjects/*', '/api/countries/*', '/api/universities/*', '/api/departments', '/api/features', '/api/services', '/api/missionvission', '/api/about-mission-vision', '/api/about']) {
  app.use(path, publicCache);
}

const routes = app
  .route('/api/subjects', subjects)
  .route('/api/countries', countries)
  .route('/api/universities', universities)
  .route('/api/departments', departments)
  .route('/api/features', features)
  .route('/api/services', services)
  .route('/api/missionvission', missionVision)
  .route('/api/about-mission-vision', missionVision)
  .route('/api/about', about)
  .route('/api/dev', dev)
  .route('/api/admin', admin)
  .route('/api/files', publicFiles);

// Pages that reach the Worker (see run_worker_first): built assets, or a shell for new content.
app.route('/', pages);

app.onError(onError);
app.notFound(notFound);

export type AppType = typeof routes;
export default app;
