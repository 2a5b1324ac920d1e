// Links for the content link rule's tests (schemas/links.test.ts and the back office's API test).

/** Every way a script URL reaches an href that a browser would still run or follow off-site. */
export const HOSTILE_LINKS = [
  'javascript:alert(1)',
  'JavaScript:alert(1)',
  'JAVASCRIPT:alert(document.cookie)',
  ' javascript:alert(1)',
  '\tjavascript:alert(1)',
  '\njavascript:alert(1)',
  '\u0000javascript:alert(1)',
  '\u001fjavascript:alert(1)',
  '\u0085javascript:alert(1)',
  'java\tscript:alert(1)',
  'java\nscript:alert(1)',
  'javascript&colon;alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'DATA:image/svg+xml;base64,PHN2Zz4=',
  'vbscript:msgbox(1)',
  'VbScript:msgbox(1)',
  'file:///etc/passwd',
  'ftp://example.com/x',
  '//evil.example/path',
  '/\\evil.example',
  '\\\\evil.example',
  'https:evil.example',
  'http:/evil.example',
  'https://',
  'relative/path.png',
  '',
  ' ',
];

export const GOOD_LINKS = ['https://example.com', 'http://example.com/a?b=c#d', 'HTTPS://EXAMPLE.COM/Path', '/images/a.png', '/destinations', '/api/files/images/abc.png', '/'];
