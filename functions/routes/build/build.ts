import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '#functions/lib/app-env.ts';
import { config } from '#functions/lib/config.ts';
import { validate } from '#functions/lib/validate.ts';
import { parseSnapshotCursor, readSnapshotHead, readSnapshotPage } from '#db/queries/build-snapshot.ts';
import { insertBuildReport, insertBuilt, readContentVersion } from '#db/queries/publishing.ts';
import { notifyPublishProblem } from '#functions/services/mail/publish-notice.ts';
import { pagePaths } from '#schemas/paths.ts';
import {
  buildDoneSchema,
  snapshotPageQuery,
  type BuildDoneResponse,
  type BuildProgressResponse,
  type PagedCollection,
  type SnapshotHead,
  type SnapshotPage,
} from '#schemas/build.ts';

const digest = async (text: string) => crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));

/**
 * Compares two secrets in constant time: both are hashed first, so neither the content nor the
 * length of the expected token shows in how long a wrong guess takes.
 */
async function sameSecret(given: string, expected: string) {
  const [a, b] = await Promise.all([digest(given), digest(expected)]);
  return crypto.subtle.timingSafeEqual(a, b);
}

/**
 * The build's bearer token (BUILD_TOKEN secret). Fails closed: with no token configured, every
 * request is refused, exactly as a wrong token is.
 */
const requireBuildToken = createMiddleware<AppEnv>(async (c, next) => {
  const expected = config(c.env).buildToken;
  const given = /^Bearer\s+(\S+)\s*$/i.exec(c.req.header('Authorization') ?? '')?.[1];
  if (!expected || !given || !(await sameSecret(given, expected))) {
    c.header('WWW-Authenticate', 'Bearer');
    throw new HTTPException(401, { message: 'A valid build token is required.' });
  }
  await next();
});

/**
 * The build machine's API (BUILD_TOKEN only): the content snapshot a production build renders
 * from, and the report a deployed build sends back with the content version it carries.
 */
export const build = new Hono<AppEnv>()
  .use(requireBuildToken)
  .use(async (c, next) => {
    await next();
    c.header('Cache-Control', 'no-store');
  })
  // The head (no collection), or one page of a collection: each response at most 5 MB, and the
  // Worker holds one page at a time whatever the catalogue's size.
  .get('/snapshot', validate('query', snapshotPageQuery), async (c) => {
    const { collection, after, until } = c.req.valid('query');
    if (!collection) {
      if (after || until) throw new HTTPException(400, { message: 'after and until need a collection' });
      return c.json((await readSnapshotHead(c.var.db)) satisfies SnapshotHead);
    }
    const key = (cursor: string | null) => {
      if (cursor === null) return null;
      const parsed = parseSnapshotCursor(collection, cursor);
      if (!parsed)
        throw new HTTPException(400, { message: 'after and until must be cursors from the snapshot' });
      return parsed;
    };
    const page = await readSnapshotPage(c.var.db, collection satisfies PagedCollection, {
      after: key(after),
      until: key(until),
    });
    return c.json(page satisfies SnapshotPage);
  })
  // What the build machine says about the publish it runs: started, waiting for a reviewer, failed
  // at a step (the staff address is told), or done with the content version it deployed.
  .post('/done', validate('json', buildDoneSchema), async (c) => {
    const report = c.req.valid('json');
    const at = new Date();
    if (report.outcome === 'building' || report.outcome === 'waiting' || report.outcome === 'failed') {
      const step = report.outcome === 'failed' ? report.step : null;
      await insertBuildReport(c.var.db, { outcome: report.outcome, step, logUrl: report.logUrl ?? null, at });
      if (report.outcome === 'failed')
        await notifyPublishProblem(
          c.var.db,
          c.var.mailer,
          { state: 'failed', failedStep: report.step, failure: null, logUrl: report.logUrl ?? null },
          { at, adminUrl: `${config(c.env).siteUrl.replace(/\/$/, '')}${pagePaths.admin}/content` },
        );
      return c.json(
        {
          success: true,
          outcome: report.outcome,
          recordedAt: at.toISOString(),
        } satisfies BuildProgressResponse,
        201,
      );
    }
    const { contentVersion, commit } = report;
    // A build can only carry a version the database has reached (a typo or a report from another
    // environment's build must not mark newer edits as published).
    if (contentVersion > (await readContentVersion(c.var.db))) {
      throw new HTTPException(400, {
        message: 'contentVersion is newer than this database’s content version',
      });
    }
    await insertBuilt(c.var.db, { contentVersion, commit: commit ?? null, at });
    return c.json(
      {
        success: true,
        publishedAt: at.toISOString(),
        publishedVersion: contentVersion,
      } satisfies BuildDoneResponse,
      201,
    );
  });
