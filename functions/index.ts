import { meRouter } from './routes/me/me.ts';
import { Hono } from 'hono';
import type { AppEnv } from './lib/app-env.ts';
import { database } from './middleware/db.ts';
import { requestServices } from './middleware/request-services.ts';
import { onError, notFound } from './middleware/errors.ts';
import { securityHeaders } from './middleware/security-headers.ts';
import { publicCache } from './middleware/cache.ts';
import { EDGE_CACHED_PATHS, edgeCache } from './middleware/edge-cache.ts';
import { apiCors } from './middleware/cors.ts';
import { serverTiming } from './middleware/server-timing.ts';
import { requestBodyLimit } from './middleware/body-limit.ts';
import { staffCsrf } from './middleware/csrf.ts';
import { requestIds, requestLog } from './middleware/request-log.ts';
import { serverErrorAlerts } from './middleware/error-alerts.ts';
import { configCheck, refusesService } from './middleware/config-check.ts';
import { logLine } from './lib/log.ts';
import { subjects } from './routes/subjects/subjects.ts';
import { programs } from './routes/programs/programs.ts';
import { savedPrograms } from './routes/saved-programs/saved-programs.ts';
import { countries } from './routes/countries/countries.ts';
import { universities } from './routes/universities/universities.ts';
import { departments } from './routes/content/departments.ts';
import { features } from './routes/content/features.ts';
import { services } from './routes/content/services.ts';
import { missionVision } from './routes/content/mission-vision.ts';
import { about } from './routes/content/about.ts';
import { devTools } from './routes/dev/dev.ts';
import { contact } from './routes/contact/contact.ts';
import { payment } from './routes/payment/payment.ts';
import { assistanceRequests } from './routes/assistance-requests/assistance-requests.ts';
import { jobApplicantsRouter } from './routes/job-applicants/job-applicants.ts';
import { jobSearch } from './routes/job-search/job-search.ts';
import { jobs } from './routes/jobs/jobs.ts';
import { recruitmentServices } from './routes/content/recruitment-services.ts';
import { pages } from './routes/pages/fallback.ts';
import { usersRouter } from './routes/users/users.ts';
import { applicationsRouter } from './routes/applications/applications.ts';
import { partner } from './routes/partner/partner.ts';
import { partnerRequestsRouter } from './routes/partner-requests/partner-requests.ts';
import { admin, publicFiles } from './routes/admin/index.ts';
import { images } from './routes/images/images.ts';
import { health } from './routes/health/health.ts';
import { jobAlerts } from './routes/job-alerts/job-alerts.ts';
import { consultationsRouter } from './routes/consultations/consultations.ts';
import { build } from './routes/build/build.ts';
import { apiDocs } from './routes/api-docs/api-docs.ts';
import { alertFailedRun, anyFailed, runScheduled, ScheduledRunFailed } from './scheduled/index.ts';
import { apiPaths } from '#schemas/paths.ts';

export const app = new Hono<AppEnv>();

// First, so the request id and the duration cover everything after them, and every 5xx answer,
// whoever gave it, counts toward the error-rate alert.
app.use('*', requestIds, requestLog, serverErrorAlerts);
app.use('*', securityHeaders);
// The production configuration check runs on each isolate's first request (GET /api/health reports
// it); a missing or weak secret makes every other request 503 from here on.
app.use('*', configCheck);
app.use('/api/*', serverTiming);
app.use('/api/*', apiCors);
app.use('/api/*', requestBodyLimit);
app.use('/api/admin/*', staffCsrf);
app.use('/api/*', database, requestServices);

// Public reads: short-lived caching with background revalidation.
for (const path of EDGE_CACHED_PATHS) {
  // The edge cache sits inside CORS (headers per request) and outside publicCache (it stores only
  // what publicCache marked public).
  app.use(path, edgeCache, publicCache);
}

// One router per resource. The islands' answers are typed by zod response schemas in schemas/, not
// by Hono's client (docs/decisions/015-typed-responses.md), so the chain's type is not exported.
app
  .route('/api/subjects', subjects)
  .route('/api/programs', programs)
  .route('/api/countries', countries)
  .route('/api/universities', universities)
  .route('/api/departments', departments)
  .route('/api/features', features)
  .route('/api/services', services)
  .route(apiPaths.missionVision, missionVision)
  .route('/api/about-mission-vision', missionVision)
  .route('/api/about', about)
  // The development tools list the app's own endpoints (for npm run fuzz): the table is read when asked.
  .route(
    '/api/dev',
    devTools(() => app.routes),
  )
  // The published OpenAPI document and its reference page, made from the same table.
  .route(
    '/api',
    apiDocs(() => app.routes),
  )
  .route('/api', contact)
  .route('/api/payment', payment)
  .route('/api/assistance-requests', assistanceRequests)
  .route(apiPaths.jobApplicants, jobApplicantsRouter)
  .route(apiPaths.jobSearch, jobSearch)
  .route(apiPaths.jobs, jobs)
  .route('/api/job-alerts', jobAlerts)
  .route('/api/consultations', consultationsRouter)
  .route('/api/recruitment-services', recruitmentServices)
  .route('/api/users/saved-programs', savedPrograms)
  .route(apiPaths.users, usersRouter)
  .route('/api/me', meRouter)
  .route(apiPaths.applications, applicationsRouter)
  .route(apiPaths.partner, partner)
  .route(apiPaths.partnerRequests, partnerRequestsRouter)
  .route(apiPaths.admin, admin)
  .route('/api/files', publicFiles)
  .route('/api/images', images)
  .route('/api/health', health)
  .route('/api/build', build);

// Pages that reach the Worker (see run_worker_first): built assets, or a shell for new content.
app.route('/', pages);

app.onError(onError);
app.notFound(notFound);

export default {
  fetch: app.fetch,
  // Cron Triggers (wrangler.toml [triggers]), one job each: awaited, not handed to waitUntil, so a
  // failed job fails the invocation and Cron Events and Workers Logs record it as a failure.
  async scheduled(controller, env) {
    // Fails closed like every request: no mail with links signed by a missing or weak secret.
    if (refusesService(env)) {
      logLine('error', { type: 'scheduled-refused', cron: controller.cron, reason: 'configuration' });
      return;
    }
    let results: Awaited<ReturnType<typeof runScheduled>>;
    try {
      results = await runScheduled(controller.cron, env, new Date(controller.scheduledTime));
    } catch (error) {
      await alertFailedRun(env, controller.cron, { '(no job)': { error: (error as Error).name } });
      throw error;
    }
    if (anyFailed(results)) {
      // Staff hear of it (one alert a job an hour), as well as Cron Events and Workers Logs.
      await alertFailedRun(env, controller.cron, results);
      throw new ScheduledRunFailed(controller.cron, results);
    }
  },
} satisfies ExportedHandler<Env>;
