// The size and time of a data export for a student with ten 10 MB documents, streamed
// through the real route (workerd, local R2). Run with `npm run perf:export`; prints one line of
// figures. The documents are random bytes (incompressible, like real scans and PDFs).
import { env } from 'cloudflare:test';
import { expect, it } from 'vitest';
import { makeStudentWithData } from '../test/fixtures/index.ts';
import { request } from '../test/fixtures/index.ts';

const MB = 1024 * 1024;

it('exports a student with ten 10 MB documents', async () => {
  const documents = Array.from({ length: 10 }, (_, i) => ({ name: `scan-${i + 1}.pdf` }));
  const student = await makeStudentWithData('perf', { documents: [] });
  // Ten 10 MB objects and their rows (makeStudentWithData's small files are not the point here).
  const { db } = await import('../test/fixtures/index.ts');
  const t = await import('#db/schema/index.ts');
  for (const doc of documents) {
    const bytes = new Uint8Array(10 * MB);
    for (let o = 0; o < bytes.length; o += 65_536) crypto.getRandomValues(bytes.subarray(o, o + 65_536));
    bytes.set(new TextEncoder().encode('%PDF-1.4\n'));
    const key = `documents/${student.id}/${crypto.randomUUID()}.pdf`;
    await env.FILES.put(key, bytes);
    await db.insert(t.documents).values({
      id: crypto.randomUUID(),
      userId: student.id,
      documentType: 'Passport',
      objectKey: key,
      originalName: doc.name,
      contentType: 'application/pdf',
      size: bytes.length,
    });
  }

  const started = performance.now();
  const res = await request('/api/users/me/export', {
    headers: { Authorization: `Bearer ${student.token}` },
  });
  const firstByte = performance.now() - started;
  expect(res.status).toBe(200);
  // Read it as a client would, chunk by chunk, never holding the archive.
  const reader = res.body!.getReader();
  let size = 0;
  let chunks = 0;
  let largest = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.length;
    chunks += 1;
    largest = Math.max(largest, value.length);
  }
  const total = performance.now() - started;
  console.info(
    `export of 10 × 10 MB documents: ${(size / MB).toFixed(1)} MB zip in ${(total / 1000).toFixed(2)} s ` +
      `(first byte after ${firstByte.toFixed(0)} ms, ${(size / MB / (total / 1000)).toFixed(0)} MB/s, ${chunks} chunks, largest ${(largest / 1024).toFixed(0)} KB)`,
  );
  expect(size).toBeGreaterThan(100 * MB);
  expect(size).toBeLessThan(101 * MB);
}, 300_000);
