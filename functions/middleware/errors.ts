import type { ErrorHandler, NotFoundHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';

/** Every failure is JSON `{ success: false, message }`; stacks never leave the Worker. */
export const onError: ErrorHandler = (error, c) => {
  if (error instanceof HTTPException) {
    const res = error.getResponse();
    return c.json({ success: false, message: error.message || res.statusText || 'Request failed' }, error.status);
  }
  console.error(error);
  return c.json({ success: false, message: 'Something went wrong on our side. Please try again.' }, 500);
};

export const notFound: NotFoundHandler = (c) =>
  c.json({ success: false, message: `No API endpoint at ${c.req.method} ${new URL(c.req.url).pathname}` }, 404);
