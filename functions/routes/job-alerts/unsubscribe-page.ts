import { escapeHtml } from '#functions/services/mail/emails.ts';

/**
 * The unsubscribe pages: plain server-rendered HTML (the link opens from an e-mail, signed out, on
 * any device), readable without script, with one form for the confirm step.
 */
export function unsubscribePage(
  companyName: string,
  page: { title: string; paragraphs: string[]; form?: { action: string; button: string } },
) {
  const body = page.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('');
  // The form posts RFC 8058's body, so the confirm button and a mail client's one-click are one path.
  const form = page.form
    ? `<form method="post" action="${escapeHtml(page.form.action)}"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">${escapeHtml(page.form.button)}</button></form>`
    : '';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(page.title)} | ${escapeHtml(companyName)}</title>
<style>
body{font-family:system-ui,Arial,sans-serif;color:#0b1f3a;background:#f7fafc;margin:0;padding:24px;line-height:1.5}
main{max-width:560px;margin:10vh auto;background:#fff;border-radius:12px;padding:32px;box-shadow:0 1px 3px rgba(11,31,58,.12)}
h1{font-size:1.5rem;margin:0 0 16px}
button{font:inherit;font-weight:700;color:#fff;background:#0b5cad;border:0;border-radius:8px;padding:12px 20px;cursor:pointer}
button:focus-visible,a:focus-visible{outline:3px solid #0b1f3a;outline-offset:2px}
a{color:#0b5cad}
</style>
</head>
<body>
<main id="main">
<h1>${escapeHtml(page.title)}</h1>
${body}${form}
<p><a href="/job">Browse jobs</a> · <a href="/my-applications">My applications and alerts</a></p>
</main>
</body>
</html>`;
}
