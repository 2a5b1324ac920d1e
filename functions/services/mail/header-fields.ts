// A message's header fields (From, To, Subject, and extra headers such as List-Unsubscribe) are one
// line each: a line break in one ends the field, and whatever follows would read as a header of
// its own (a Bcc, a second To) or break the message. Subjects and names come from people (the
// contact form's subject, a name in a staff notice), so every field is made one line where mail
// enters the mailer and where the transport puts it on the wire, never by each caller.

/** A run of line breaks or other control characters (CR, LF, NEL, U+2028/U+2029, tab), with the spaces around it. */
const BREAKS = / *[\u0000-\u001f\u007f\u0085\u2028\u2029]+ */gu;

/** A header field's value on one line: each run of line breaks or control characters becomes one space. */
export const oneLine = (value: string) => value.replace(BREAKS, ' ').trim();

/** A header's name as RFC 5322 allows it: printable ASCII, no colon. */
const FIELD_NAME = /^[\u0021-\u0039\u003b-\u007e]+$/;

/** Extra headers with each value on one line; a name that is not a valid field name is left out. */
export function oneLineHeaders(headers: Record<string, string> | undefined) {
  if (!headers) return undefined;
  return Object.fromEntries(
    Object.entries(headers)
      .filter(([name]) => FIELD_NAME.test(name))
      .map(([name, value]) => [name, oneLine(value)]),
  );
}
