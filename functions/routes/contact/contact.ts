import { Hono, type Context } from 'hono';
import type { AppEnv } from '#functions/lib/app-env.ts';
import { validate } from '#functions/lib/validate.ts';
import { insertContactMessage } from '#db/queries/enquiries.ts';
import { ARRIVAL_HEADER, parseArrival } from '#schemas/arrival.ts';
import { homeContactSchema, landingContactSchema } from '#schemas/contact.ts';
import type { MessageResponse } from '#schemas/responses.ts';
import { normalizeEmail } from '#schemas/email.ts';
import { notifyStaff } from '#functions/services/mail/notify.ts';
import { noticeAbout } from '#db/queries/outbox.ts';

// Public forms: generous for people, a wall for scripts filling the inbox.
const contactLimit = { name: 'contact:address', max: 20, windowSeconds: 600 };

const limit = (c: Context<AppEnv>) =>
  c.var.limiter.perAddress(contactLimit, (wait) => `Too many messages. Please try again in ${wait}.`);

/** POST /api/sendsmsus (landing 'Get In Touch') and POST /api/contact (home form), mounted at /api. */
export const contact = new Hono<AppEnv>()
  .post('/sendsmsus', validate('json', landingContactSchema), async (c) => {
    await limit(c);
    const body = c.req.valid('json');
    const email = normalizeEmail(body.email);
    await insertContactMessage(
      c.var.db,
      {
        kind: 'landing',
        fullName: body.fullName,
        email,
        phone: body.nnumber,
        message: body.details,
      },
      parseArrival(c.req.header(ARRIVAL_HEADER)),
    );
    await notifyStaff(
      c.var.db,
      c.var.mailer,
      `New enquiry from ${body.fullName}`,
      [`Name: ${body.fullName}`, `Email: ${email}`, `Phone: ${body.nnumber}`, `Message: ${body.details}`],
      noticeAbout.address(email),
    );
    return c.json(
      { success: true, message: 'Your message has been sent successfully!' } satisfies MessageResponse,
      201,
    );
  })
  .post('/contact', validate('json', homeContactSchema), async (c) => {
    await limit(c);
    const body = c.req.valid('json');
    const email = normalizeEmail(body.email);
    const fullName = `${body.firstName} ${body.lastName}`.trim() || email;
    await insertContactMessage(
      c.var.db,
      {
        kind: 'home',
        fullName,
        firstName: body.firstName || null,
        lastName: body.lastName || null,
        email,
        phone: body.phone || null,
        subject: body.subject || null,
        country: body.country || null,
        message: body.message,
      },
      parseArrival(c.req.header(ARRIVAL_HEADER)),
    );
    await notifyStaff(
      c.var.db,
      c.var.mailer,
      `Contact form: ${body.subject || 'no subject'}`,
      [
        `Name: ${fullName}`,
        `Email: ${email}`,
        `Phone: ${body.phone || '—'}`,
        `Country: ${body.country || '—'}`,
        `Subject: ${body.subject || '—'}`,
        `Message: ${body.message || '—'}`,
      ],
      noticeAbout.address(email),
    );
    return c.json({ success: true, message: 'Message sent successfully!' } satisfies MessageResponse, 201);
  });
