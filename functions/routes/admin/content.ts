import { Hono, type Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { z } from 'zod';
import type { AppEnv } from '#functions/lib/app-env.ts';
import { config } from '#functions/lib/config.ts';
import { validate } from '#functions/lib/validate.ts';
import {
  contentActiveStatement,
  contentIdTaken,
  contentWriteStatements,
  countryExists,
  departmentExists,
  exchangeRateExists,
  findContentRow,
  findUniversityCountry,
  listContent,
  listScholarships,
  nextSortOrder,
  type ContentRowData as Row,
} from '#db/queries/content.ts';
import {
  contentKindParam,
  contentKinds,
  imageFields,
  listQuery,
  type ContentActiveResponse,
  type ContentItemResponse,
  type ContentKind,
  type ContentRow,
  type ContentSavedResponse,
} from '#schemas/admin/index.ts';
import type { Wire } from '#schemas/responses.ts';
import { auditInsert } from '#db/queries/audit.ts';
import { importRemoteImage } from '#functions/services/files/remote-images.ts';
import { DomainError, Unavailable } from '#functions/services/errors.ts';
import { ImageAllowanceSpent } from '#functions/services/files/image-pipeline.ts';
import { IMAGE_ALLOWANCE_SAVED_MESSAGE, IMAGE_SERVICE_SAVED_MESSAGE } from '#schemas/images.ts';
import { purgePublicReads } from '#functions/middleware/edge-cache.ts';
import { searchNeedle, listResponse, staffOnly, window } from './shared.ts';

type Db = AppEnv['Variables']['db'];
/** Is the row on the public site? (jobs: open; everything else: is_active). */
const activeOf = (kind: ContentKind, row: Row) =>
  kind === 'jobs' ? row.status === 'open' : row.isActive === true;

/** The editable shape of a row: exactly the fields of its schema (the seed's shape). */
async function toForm(db: Db, kind: ContentKind, row: Row) {
  const schema = contentKinds[kind].schema as z.ZodObject;
  const form: Row = {};
  // A stored null stays null where the schema allows it (basePrice, phone, a country's health
  // charge); elsewhere it is an unset optional field.
  for (const [key, field] of Object.entries(schema.shape))
    if (key in row) form[key] = row[key] ?? ((field as z.ZodType).safeParse(null).success ? null : undefined);
  if (kind === 'universities') {
    const list = await listScholarships(db, String(row.id));
    form.scholarshipList = list.map(({ name, amount, eligibility, deadline }) => ({
      name,
      amount,
      eligibility,
      deadline,
    }));
  }
  return form;
}

/** Validates a body with the kind's content schema; a failure names the field (400), nothing is stored. */
function parseContent(kind: ContentKind, body: unknown): Row {
  const parsed = (contentKinds[kind].schema as z.ZodType).safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const field = issue.path.map(String).join('.') || 'body';
    throw new HTTPException(400, { message: `${field} ${issue.message}` });
  }
  return parsed.data as Row;
}

/** References between content rows, the same rules as the seed's checkReferences. */
async function checkReferences(db: Db, kind: ContentKind, data: Row) {
  if (kind === 'universities') {
    const countryId = String(data.countryId);
    if (!(await countryExists(db, countryId)))
      throw new HTTPException(400, { message: `countryId "${countryId}" is not a country` });
  }
  // The finder's costs: the seed's rules (db/seed.ts checkReferences).
  if (kind === 'countryCosts' || kind === 'cityCosts') {
    const countryId = String(kind === 'countryCosts' ? data.id : data.countryId);
    const currency = String(data.currency);
    if (!(await countryExists(db, countryId)))
      throw new HTTPException(400, {
        message: `${kind === 'countryCosts' ? 'id' : 'countryId'} "${countryId}" is not a country`,
      });
    if (!(await exchangeRateExists(db, currency)))
      throw new HTTPException(400, {
        message: `currency "${currency}" has no exchange rate: add one first`,
      });
  }
  if (kind === 'exchangeRates' && data.id === 'USD' && Number(data.unitsPerUsd) !== 1) {
    throw new HTTPException(400, {
      message: 'unitsPerUsd must be 1 for USD (rates are units per US dollar)',
    });
  }
  if (kind === 'subjects') {
    const universityId = String(data.universityId);
    const departmentId = String(data.departmentId);
    const countryId = String(data.countryId);
    const uni = await findUniversityCountry(db, universityId);
    if (!uni) throw new HTTPException(400, { message: `universityId "${universityId}" is not a university` });
    if (!(await departmentExists(db, departmentId)))
      throw new HTTPException(400, { message: `departmentId "${departmentId}" is not a department` });
    if (uni.countryId !== data.countryId)
      throw new HTTPException(400, {
        message: `countryId "${countryId}" is not the country of ${uni.name}`,
      });
  }
}

async function findRow(db: Db, kind: ContentKind, id: string) {
  const row = await findContentRow(db, kind, id);
  if (!row)
    throw new HTTPException(404, { message: `No ${contentKinds[kind].label.toLowerCase()} item "${id}"` });
  return row;
}

const previewOf = (siteUrl: string | undefined, kind: ContentKind, id: string) => {
  const prefix = contentKinds[kind].preview;
  return prefix ? `${siteUrl ?? ''}${prefix}${id}` : null;
};

type ImageWarning = ContentSavedResponse['imageWarnings'][number];

/**
 * Linked images (absolute http(s) links in an item's image fields) fetched and processed now, once
 * (docs/decisions/023-image-pipeline.md): each is replaced by our copy's address. A link that cannot
 * be fetched stays as it is (the pages show the placeholder, never the link) and comes back as a
 * warning for its field; the save itself goes ahead.
 */
async function importLinkedImages(c: Context<AppEnv>, kind: ContentKind, data: Row) {
  const warnings: ImageWarning[] = [];
  const siteOrigin = config(c.env).siteUrl ? new URL(config(c.env).siteUrl).origin : null;
  const importOne = async (value: unknown, field: string) => {
    if (typeof value !== 'string' || !/^https?:\/\//i.test(value)) return value;
    if (siteOrigin && new URL(value).origin === siteOrigin) return value;
    try {
      return await importRemoteImage(c.env, c.var.db, value, {
        allowPrivate: !config(c.env).isDeployed,
        staffId: c.var.auth.sub,
      });
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      // The Images allowance or the service, not the link: the editor learns which, and that the
      // rest of the item is saved all the same.
      const message =
        error instanceof ImageAllowanceSpent
          ? IMAGE_ALLOWANCE_SAVED_MESSAGE
          : error instanceof Unavailable
            ? IMAGE_SERVICE_SAVED_MESSAGE
            : `The image could not be fetched: ${error.message}`;
      warnings.push({ field, message });
      return value;
    }
  };
  const out: Row = { ...data };
  for (const field of imageFields[kind]) {
    const value = out[field];
    out[field] = Array.isArray(value)
      ? await Promise.all(value.map((v, i) => importOne(v, `${field}.${i}`)))
      : await importOne(value, field);
  }
  return { data: out, imageWarnings: warnings };
}

const idOnly = z.object({ kind: contentKindParam.shape.kind, id: z.string().min(1).max(200) });
const anyObject = z.record(z.string(), z.unknown(), 'The body must be a JSON object');

/**
 * Content editing for staff (admins and editors): list, read, create, edit, retire and restore.
 * Validation is the seed's (schemas/content.ts); every change is audited with before and after.
 * The static pages change at the next publish.
 */
export const adminContent = new Hono<AppEnv>()
  .use(staffOnly)
  .get('/:kind', validate('param', contentKindParam), validate('query', listQuery), async (c) => {
    const { kind } = c.req.valid('param');
    const query = c.req.valid('query');
    const titleKey = contentKinds[kind].title;
    const p = query.q ? searchNeedle(query.q) : undefined;
    let active: boolean | undefined;
    if (query.status === 'active' || query.status === 'retired') active = query.status === 'active';
    else if (query.status) throw new HTTPException(400, { message: 'Status must be active or retired' });
    const { items: rows, total } = await listContent(
      c.var.db,
      kind,
      { titleKey, active, needle: p },
      window(query),
    );
    const siteUrl = config(c.env).siteUrl;
    const items = rows.map((r) => {
      // Every kind's title column is text (a name or a title); a missing one lists as ''.
      const title = r[titleKey];
      return {
        id: String(r.id),
        title: typeof title === 'string' ? title : '',
        active: activeOf(kind, r),
        updatedAt: r.updatedAt as Date,
        preview: previewOf(siteUrl, kind, String(r.id)),
      };
    });
    return listResponse(
      c,
      query,
      { items: items satisfies Wire<ContentRow>[], total },
      {
        filename: `content-${kind}`,
        columns: [
          { key: 'id', header: 'Id' },
          { key: 'title', header: 'Title' },
          { key: 'active', header: 'Active' },
          { key: 'updatedAt', header: 'Updated' },
        ],
      },
    );
  })
  .get('/:kind/:id', validate('param', idOnly), async (c) => {
    const { kind, id } = c.req.valid('param');
    const row = await findRow(c.var.db, kind, id);
    c.header('Cache-Control', 'private, no-store');
    return c.json({
      kind,
      // The rows are read as any table (db/queries/content.ts): their values are what the kind's
      // schema accepted when they were written, i.e. JSON, and updated_at is a timestamp.
      item: (await toForm(c.var.db, kind, row)) as Wire<ContentItemResponse>['item'],
      active: activeOf(kind, row),
      updatedAt: row.updatedAt as Date,
      preview: previewOf(config(c.env).siteUrl, kind, id),
    } satisfies Wire<ContentItemResponse>);
  })
  .post('/:kind', validate('param', contentKindParam), validate('json', anyObject), async (c) => {
    const { kind } = c.req.valid('param');
    const parsed = parseContent(kind, c.req.valid('json'));
    const id = String(parsed.id);
    if (await contentIdTaken(c.var.db, kind, id))
      throw new HTTPException(409, { message: `id "${id}" is already used` });
    await checkReferences(c.var.db, kind, parsed);
    const { data, imageWarnings } = await importLinkedImages(c, kind, parsed);
    const sortOrder = await nextSortOrder(c.var.db, kind);
    // One batch, one transaction: the audit entry and the change land together.
    await c.var.db.batch([
      auditInsert(c.var.db, {
        staffId: c.var.auth.sub,
        action: 'content.create',
        entity: kind,
        entityId: id,
        after: data,
      }),
      ...contentWriteStatements(c.var.db, kind, data, 'insert', sortOrder),
    ]);
    await purgePublicReads(c, kind, id);
    return c.json(
      {
        success: true,
        id,
        preview: previewOf(config(c.env).siteUrl, kind, id),
        imageWarnings,
      } satisfies ContentSavedResponse,
      201,
    );
  })
  .put('/:kind/:id', validate('param', idOnly), validate('json', anyObject), async (c) => {
    const { kind, id } = c.req.valid('param');
    const body = c.req.valid('json');
    if (body.id !== undefined && body.id !== id)
      throw new HTTPException(400, { message: 'id cannot be changed (it is the page address)' });
    const parsed = parseContent(kind, { ...body, id });
    const row = await findRow(c.var.db, kind, id);
    await checkReferences(c.var.db, kind, parsed);
    const { data, imageWarnings } = await importLinkedImages(c, kind, parsed);
    const before = await toForm(c.var.db, kind, row);
    await c.var.db.batch([
      auditInsert(c.var.db, {
        staffId: c.var.auth.sub,
        action: 'content.update',
        entity: kind,
        entityId: id,
        before,
        after: data,
      }),
      ...contentWriteStatements(c.var.db, kind, data, 'update'),
    ]);
    await purgePublicReads(c, kind, id);
    return c.json({
      success: true,
      id,
      preview: previewOf(config(c.env).siteUrl, kind, id),
      imageWarnings,
    } satisfies ContentSavedResponse);
  })
  .post(
    '/:kind/:id/:action{retire|restore}',
    validate('param', idOnly.extend({ action: z.enum(['retire', 'restore']) })),
    async (c) => {
      const { kind, id, action } = c.req.valid('param');
      const row = await findRow(c.var.db, kind, id);
      const on = action === 'restore';
      await c.var.db.batch([
        contentActiveStatement(c.var.db, kind, id, on),
        auditInsert(c.var.db, {
          staffId: c.var.auth.sub,
          action: `content.${action}`,
          entity: kind,
          entityId: id,
          before: { active: activeOf(kind, row) },
          after: { active: on },
        }),
      ]);
      await purgePublicReads(c, kind, id);
      return c.json({ success: true, active: on } satisfies ContentActiveResponse);
    },
  );
