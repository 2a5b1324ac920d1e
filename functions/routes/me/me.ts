import { Hono } from 'hono';
import type { AppEnv } from '#functions/lib/app-env.ts';
import { requireAnyDoor } from '#functions/middleware/auth.ts';
import { applicationsUsing, deleteVaultDocument, vaultDocuments } from '#db/queries/vault.ts';
import {
  DOCUMENT_DELETED,
  documentDeletedKeptWith,
  documentIdParam,
  type MyDocumentsResponse,
} from '#schemas/vault.ts';
import type { MessageResponse } from '#schemas/responses.ts';
import { HTTPException } from 'hono/http-exception';
import { validate } from '#functions/lib/validate.ts';
import { config } from '#functions/lib/config.ts';
import { undoEmailChange } from '#functions/services/accounts/email-change.ts';
import { EMAIL_RESTORED, UNDO_INVALID, undoEmailChangeSchema } from '#schemas/account-settings.ts';
import { vaultOwnerOf } from '#functions/services/accounts/vault.ts';
import { sessionCredentials } from '#functions/services/accounts/accounts.ts';
import { eraseWholeAccount } from '#functions/services/privacy/erase-account.ts';
import { erasePerson } from '#functions/services/privacy/personal-data.ts';
import { verifyPassword } from '#functions/services/security/passwords.ts';
import { REQUEST_RULES } from '#functions/middleware/rate-limit.ts';
import { findPerson } from '#db/queries/personal-data.ts';
import { SESSION_GONE, tooMany } from '#functions/lib/privacy-routes.ts';
import {
  ACCOUNT_ERASED_MESSAGE,
  WRONG_PASSWORD_MESSAGE,
  eraseSchema,
  type EraseResponse,
  type PersonType,
} from '#schemas/privacy.ts';

/**
 * What belongs to the person rather than to one of their roles, whichever door they signed in at
 * (docs/decisions/032-one-person-many-roles.md): their documents, and deleting the whole account.
 */
export const meRouter = new Hono<AppEnv>()
  .delete('/', requireAnyDoor, validate('json', eraseSchema), async (c) => {
    const type = c.var.auth.aud as PersonType;
    const { sub } = c.var.auth;
    // Limited before the password is checked: deletion must not become a way to guess it.
    await c.var.limiter.rule(type, REQUEST_RULES.erase, sub, tooMany);
    const credentials = await sessionCredentials(c.var.db, type, sub, c.var.sessionPerson);
    if (!credentials) throw new HTTPException(401, { message: SESSION_GONE });
    // 400, not 401: the session is fine, only the confirmation failed (a 401 would sign the person out).
    const confirm = async () => {
      if (!(await verifyPassword(c.req.valid('json').password, credentials.passwordHash)))
        throw new HTTPException(400, { message: WRONG_PASSWORD_MESSAGE });
    };
    const { db, mailer } = c.var;
    let result: { removed: Record<string, number>; files: number };
    if (credentials.personId)
      result = await eraseWholeAccount(db, c.env.FILES, mailer, credentials.personId, confirm);
    else {
      // An account from before people existed is its one role.
      await confirm();
      const person = await findPerson(db, type, sub);
      if (!person) throw new HTTPException(401, { message: SESSION_GONE });
      result = await erasePerson(db, c.env.FILES, mailer, person, { staffId: null });
    }
    c.header('Cache-Control', 'no-store');
    return c.json({ success: true, message: ACCOUNT_ERASED_MESSAGE, ...result } satisfies EraseResponse);
  })
  .get('/documents', requireAnyDoor, async (c) => {
    const owner = await vaultOwnerOf(c.var.db, c.var.auth.aud, c.var.auth.sub, c.var.sessionPerson);
    const rows = owner ? await vaultDocuments(c.var.db, owner) : [];
    c.header('Cache-Control', 'no-store');
    return c.json({
      success: true,
      documents: rows.map((r) => ({
        id: r.id,
        name: r.name,
        type: r.type,
        size: r.size,
        uploaded: r.uploaded.toISOString(),
      })),
    } satisfies MyDocumentsResponse);
  })
  .post('/email-change/undo', validate('json', undoEmailChangeSchema), async (c) => {
    // The link's token is the proof (it opens in whatever browser the mail app uses).
    const from = await undoEmailChange(c.var.db, config(c.env), c.req.valid('json').t);
    if (!from) throw new HTTPException(400, { message: UNDO_INVALID });
    c.header('Cache-Control', 'no-store');
    return c.json({ success: true, message: EMAIL_RESTORED(from) } satisfies MessageResponse);
  })
  .delete('/documents/:id', requireAnyDoor, validate('param', documentIdParam), async (c) => {
    const { id } = c.req.valid('param');
    const owner = await vaultOwnerOf(c.var.db, c.var.auth.aud, c.var.auth.sub, c.var.sessionPerson);
    const used = await applicationsUsing(c.var.db, id);
    const objectKey = owner ? await deleteVaultDocument(c.var.db, owner, id) : undefined;
    if (!objectKey) throw new HTTPException(404, { message: 'Document not found' });
    await c.env.FILES.delete(objectKey);
    return c.json({
      success: true,
      message: used ? documentDeletedKeptWith(used) : DOCUMENT_DELETED,
    } satisfies MessageResponse);
  });
