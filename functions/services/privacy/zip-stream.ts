import { Zip, ZipDeflate, ZipPassThrough } from 'fflate';

/** One entry of a streamed zip: bytes, or a stream read chunk by chunk (an R2 object's body). */
export interface ZipEntry {
  name: string;
  data: Uint8Array | ReadableStream<Uint8Array>;
  /** Deflate it (text); files that are compressed already (PDF, JPEG, DOCX) are stored as they are. */
  compress?: boolean;
}

/**
 * A zip archive written as it is read: entries come from an async iterable, one at a time, and each
 * stream is read only as fast as the client downloads (the writer's backpressure), so the Worker
 * holds a chunk or two in memory, never the archive (fflate's streaming Zip; entries carry data
 * descriptors, so no size is needed up front). `done` settles when the last byte is written or the
 * archive failed (then the download is cut short rather than ending as a valid but incomplete zip).
 */
export function zipStream(entries: AsyncIterable<ZipEntry>): {
  body: ReadableStream<Uint8Array>;
  done: Promise<void>;
} {
  const { readable, writable } = new TransformStream<Uint8Array, Uint8Array>();
  const writer = writable.getWriter();
  // Set by the zip's callback: an object field, so the checks below are not narrowed to `null`.
  const failed: { error?: Error } = {};
  const zip = new Zip((error, chunk, final) => {
    if (error) {
      failed.error = error;
      return;
    }
    // Queued in order; the pump below waits on `writer.ready` before reading more.
    writer.write(chunk).catch(() => undefined);
    if (final) writer.close().catch(() => undefined);
  });

  const done = (async () => {
    try {
      for await (const entry of entries) {
        const file = entry.compress
          ? new ZipDeflate(entry.name, { level: 6 })
          : new ZipPassThrough(entry.name);
        file.mtime = new Date();
        zip.add(file);
        if (entry.data instanceof Uint8Array) {
          file.push(entry.data, true);
        } else {
          const reader = entry.data.getReader();
          for (;;) {
            await writer.ready;
            const { done: ended, value } = await reader.read();
            if (ended) break;
            file.push(value);
          }
          file.push(new Uint8Array(0), true);
        }
        if (failed.error) throw failed.error;
      }
      zip.end();
      if (failed.error) throw failed.error;
    } catch (error) {
      zip.terminate();
      await writer.abort(error).catch(() => undefined);
      throw error;
    }
  })();
  return { body: readable, done };
}

/** A file name unique within the archive: `cv.pdf`, then `cv (2).pdf`, `cv (3).pdf` … */
export function uniqueNames() {
  const used = new Set<string>();
  return (wanted: string) => {
    // No folders or odd characters from a client's file name inside the archive.
    const clean = wanted.replace(/[\\/:*?"<>|\u0000-\u001f]/g, '_').trim() || 'file';
    const dot = clean.lastIndexOf('.');
    const [stem, ext] = dot > 0 ? [clean.slice(0, dot), clean.slice(dot)] : [clean, ''];
    let name = clean;
    for (let n = 2; used.has(name.toLowerCase()); n++) name = `${stem} (${n})${ext}`;
    used.add(name.toLowerCase());
    return name;
  };
}
