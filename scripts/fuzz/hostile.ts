// Arbitraries for hostile requests: what a careless or malicious client sends.
import fc from 'fast-check';
import { zipBombHeader } from '#functions/test/fixtures/files.ts';

/** encodeURIComponent that also survives lone surrogates (sent as the bytes of a broken UTF-8 sequence). */
export const enc = (s: string) =>
  s
    .split(/([\ud800-\udfff])/)
    .map((part) => (/^[\ud800-\udfff]$/.test(part) ? '%ED%A0%80' : encodeURIComponent(part)))
    .join('');

export interface HostileRequest {
  label: string;
  method?: string;
  contentType?: string;
  body?: string | Uint8Array;
  query?: string;
  pathSuffix?: string;
}

/** Strings that break naive code: lone surrogates, bidi overrides, NUL, zero-width, astral, long runs. */
export const unicodeEdge = fc.constantFrom(
  '\u0000',
  '\ud800',
  '\udfff',
  'a\ud83dz',
  '\u202e\u0635evil.exe',
  '\u200b\u200c\u200d\ufeff',
  '𝕳𝖊𝖑𝖑𝖔 🇬🇧👩🏽‍💻',
  'e\u0301'.repeat(500),
  '\uffff\ufffe',
  'Ā'.repeat(10_000),
  '"; DROP TABLE subjects; --',
  "' OR 1=1 --",
  '<script>alert(1)</script>',
  '${7*7}{{7*7}}',
  '../../../../etc/passwd',
  '%00%ff%E0%A4%A',
  '\r\nSet-Cookie: x=1',
  // Control characters (a NUL inside search text answered 500).
  'abc\u0000abc',
  '\u0001\u001f\u007f',
  '\u0085\u009b\u009f',
  '\t\n\r\u000b\u000c',
  '\u001b[31mred',
);

/**
 * Every control character class, before, inside and after search text, in every free-text query
 * parameter the API reads (q, category, level): sent once to every GET endpoint, not left to chance.
 */
export const controlCharacterQueries: HostileRequest[] = [
  '\u0000',
  '\u0001',
  '\t',
  '\r\n',
  '\u001b',
  '\u001f',
  '\u007f',
  '\u0080',
  '\u0085',
  '\u009f',
].flatMap((control) =>
  [`${control}abc`, `ab${control}cd`, `abc${control}`, control].map((text) => ({
    label: 'control characters in search text',
    query: ['q', 'category', 'level'].map((name) => `${name}=${enc(text)}`).join('&'),
  })),
);

const deepJson = fc.integer({ min: 50, max: 5000 }).map((n) => '['.repeat(n) + ']'.repeat(n));
const deepObject = fc.integer({ min: 50, max: 3000 }).map((n) => '{"a":'.repeat(n) + '1' + '}'.repeat(n));
const hugeString = fc.integer({ min: 100_000, max: 2_000_000 }).map((n) =>
  JSON.stringify({
    email: 'a'.repeat(n) + '@example.com',
    message: 'x'.repeat(n),
    password: 'p'.repeat(n),
  }),
);
const malformed = fc.constantFrom(
  '{',
  '}',
  '{"a":',
  '[1,2',
  'null',
  'true',
  '0',
  '""',
  '{"a":1,}',
  "{'a':1}",
  'NaN',
  '{"__proto__":{"isAdmin":true}}',
  '{"constructor":{"prototype":{"x":1}}}',
  '\ufeff{}',
  '{"a":"\\ud800"}',
  '\u0000',
);

/** A well-formed body with each field replaced by something of the wrong type or size. */
const mutatedSample = (sample: Record<string, unknown>) =>
  fc
    .record(
      Object.fromEntries(
        Object.keys(sample).map((k) => [
          k,
          fc.oneof(
            fc.constant(sample[k]),
            fc.constant(null),
            fc.integer(),
            fc.double(),
            fc.boolean(),
            fc.array(fc.string(), { maxLength: 3 }),
            fc.object({ maxDepth: 2 }),
            fc.string({ maxLength: 50 }),
            unicodeEdge,
            fc.constant(''),
            fc.constant(' '.repeat(20)),
            fc.string({ minLength: 1000, maxLength: 5000 }),
          ),
        ]),
      ),
      { requiredKeys: [] },
    )
    .map((o) => JSON.stringify(o));

export const contentTypes = fc.constantFrom(
  'application/json',
  'application/json; charset=utf-8',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  'multipart/form-data; boundary=x',
  'application/xml',
  'application/json; charset=utf-16',
  '',
  'garbage/☃',
);

/** Bodies for a JSON endpoint, labelled so a failure says what kind of input found it. */
export function hostileBody(sample: Record<string, unknown> | undefined): fc.Arbitrary<HostileRequest> {
  return fc.oneof(
    fc
      .tuple(fc.jsonValue(), contentTypes)
      .map(([v, ct]) => ({ label: 'random JSON', contentType: ct, body: JSON.stringify(v) })),
    fc
      .tuple(malformed, contentTypes)
      .map(([b, ct]) => ({ label: 'malformed JSON', contentType: ct, body: b })),
    fc
      .tuple(fc.string({ maxLength: 300 }), contentTypes)
      .map(([b, ct]) => ({ label: 'random text', contentType: ct, body: b })),
    fc
      .uint8Array({ maxLength: 512 })
      .map((b) => ({ label: 'random bytes', contentType: 'application/json', body: b })),
    deepJson.map((b) => ({ label: 'deep array', contentType: 'application/json', body: b })),
    deepObject.map((b) => ({ label: 'deep object', contentType: 'application/json', body: b })),
    hugeString.map((b) => ({ label: 'huge strings', contentType: 'application/json', body: b })),
    unicodeEdge.map((u) => ({
      label: 'unicode edge',
      contentType: 'application/json',
      body: JSON.stringify(
        Object.fromEntries(Object.keys(sample ?? { email: 1, message: 1 }).map((k) => [k, u])),
      ),
    })),
    sample
      ? mutatedSample(sample).map((b) => ({
          label: 'mutated sample',
          contentType: 'application/json',
          body: b,
        }))
      : fc.constant({ label: 'empty object', contentType: 'application/json', body: '{}' }),
    sample
      ? fc.constant({
          label: 'sample as form',
          contentType: 'application/x-www-form-urlencoded',
          body: new URLSearchParams(Object.entries(sample).map(([k, v]) => [k, String(v)])).toString(),
        })
      : fc.constant({ label: 'no body', contentType: 'application/json', body: '' }),
  );
}

/** Queries and path tails for GET endpoints. */
export const hostileQuery: fc.Arbitrary<HostileRequest> = fc.oneof(
  fc
    .string({ maxLength: 200 })
    .map((s) => ({ label: 'random query', query: `q=${enc(s)}&limit=${enc(s)}&countryId=${enc(s)}` })),
  unicodeEdge.map((u) => ({ label: 'unicode query', query: `q=${enc(u)}&countryId=${enc(u)}` })),
  fc
    .constantFrom(
      'q=%E0%A4%A',
      'q=%',
      'q[]=1&q[]=2',
      'limit=-1',
      'limit=1e309',
      'limit=99999999999999999999',
      'q=' + 'a'.repeat(5000),
      'q="',
      'q=NEAR(a b)',
      'q=a* OR b*',
      'q=^x',
      'q=)(',
      'countryId=' + 'x'.repeat(3000),
    )
    .map((q) => ({ label: 'crafted query', query: q })),
  fc
    .constantFrom(
      '/%00',
      '/..%2f..%2fetc%2fpasswd',
      '/' + 'x'.repeat(3000),
      '/%E0%A4%A',
      '/\u202e',
      '/%ZZ',
      '/.',
    )
    .map((p) => ({ label: 'hostile path tail', pathSuffix: p })),
);

/** Wrong methods for an endpoint. */
export const wrongMethods = (method: string) =>
  ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'].filter((m) => m !== method);

// Upload cases (multipart endpoints): the file field gets each of these.
const pdfHeader = new TextEncoder().encode('%PDF-1.7\n');
export const uploadCases: { label: string; name: string; type: string; bytes: Uint8Array }[] = [
  { label: '0-byte file', name: 'empty.pdf', type: 'application/pdf', bytes: new Uint8Array(0) },
  {
    label: 'executable renamed .pdf',
    name: 'invoice.pdf',
    type: 'application/pdf',
    bytes: new Uint8Array([0x4d, 0x5a, 0x90, 0x00, 0x03, ...new Array<number>(200).fill(0)]),
  },
  {
    label: 'ELF renamed .pdf',
    name: 'cv.pdf',
    type: 'application/pdf',
    bytes: new Uint8Array([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, ...new Array<number>(100).fill(0)]),
  },
  // A zip whose entries claim gigabytes (a bomb's shape; the bytes are never inflated) renamed .docx.
  {
    label: 'zip bomb renamed .docx',
    name: 'resume.docx',
    type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    bytes: new Uint8Array([...zipBombHeader, ...new Array<number>(1000).fill(0)]),
  },
  // PDF header followed by HTML with script: passes as a PDF by its bytes; must be served as a download.
  {
    label: 'PDF/HTML polyglot',
    name: 'poly.pdf',
    type: 'application/pdf',
    bytes: new Uint8Array([
      ...pdfHeader,
      ...new TextEncoder().encode('<html><script>alert(document.cookie)</script></html>\n%%EOF'),
    ]),
  },
  {
    label: 'HTML renamed .png',
    name: 'pic.png',
    type: 'image/png',
    bytes: new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'),
  },
  {
    label: 'file name path traversal',
    name: '../../../etc/passwd.pdf',
    type: 'application/pdf',
    bytes: new Uint8Array([...pdfHeader, 0x25, 0x25, 0x45, 0x4f, 0x46]),
  },
  {
    label: 'oversized (10 MB + 1)',
    name: 'big.pdf',
    type: 'application/pdf',
    bytes: (() => {
      const b = new Uint8Array(10 * 1024 * 1024 + 1);
      b.set(pdfHeader);
      return b;
    })(),
  },
];
