import { Invalid, NotFound, TooLarge, Unavailable, Unsupported } from '../errors.ts';

/** Upload limit for documents and CVs (spec 2 section 9). */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

export type FileKind = 'pdf' | 'doc' | 'docx' | 'jpg' | 'png';

export const fileKinds: Record<FileKind, { contentType: string; extensions: string[] }> = {
  pdf: { contentType: 'application/pdf', extensions: ['pdf'] },
  doc: { contentType: 'application/msword', extensions: ['doc'] },
  docx: {
    contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    extensions: ['docx'],
  },
  jpg: { contentType: 'image/jpeg', extensions: ['jpg', 'jpeg'] },
  png: { contentType: 'image/png', extensions: ['png'] },
};

const startsWith = (bytes: Uint8Array, signature: number[]) => signature.every((b, i) => bytes[i] === b);

/** True when a zip archive names the file (searched in the central directory's names). */
function zipHasEntry(bytes: Uint8Array, name: string) {
  const needle = new TextEncoder().encode(name);
  outer: for (let i = 0; i <= bytes.length - needle.length; i++) {
    for (let j = 0; j < needle.length; j++) if (bytes[i + j] !== needle[j]) continue outer;
    return true;
  }
  return false;
}

/** What the file really is, judged by its bytes, not its name. Undefined when none we accept. */
export function sniffFileKind(bytes: Uint8Array): FileKind | undefined {
  if (startsWith(bytes, [0x25, 0x50, 0x44, 0x46, 0x2d])) return 'pdf'; // %PDF-
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpg';
  if (startsWith(bytes, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return 'doc'; // OLE2 compound file
  if (
    startsWith(bytes, [0x50, 0x4b, 0x03, 0x04]) &&
    zipHasEntry(bytes, '[Content_Types].xml') &&
    zipHasEntry(bytes, 'word/')
  )
    return 'docx';
  return undefined;
}

export interface CheckedFile {
  bytes: Uint8Array;
  kind: FileKind;
  contentType: string;
  name: string;
  size: number;
}

/**
 * Checks an uploaded file: present, not empty, at most 10 MB, and of an allowed kind by its bytes
 * (the extension must agree). Messages are the spec's.
 */
export async function checkUpload(
  file: File,
  allowed: readonly FileKind[],
  typeMessage: string,
): Promise<CheckedFile> {
  if (file.size > MAX_UPLOAD_BYTES) throw new TooLarge('File size must be less than 10MB');
  if (file.size === 0) throw new Invalid('The file is empty');
  const bytes = new Uint8Array(await file.arrayBuffer());
  const kind = sniffFileKind(bytes);
  const extension = file.name.split('.').pop()?.toLowerCase() ?? '';
  if (!kind || !allowed.includes(kind) || !fileKinds[kind].extensions.includes(extension)) {
    throw new Unsupported(typeMessage);
  }
  return {
    bytes,
    kind,
    contentType: fileKinds[kind].contentType,
    name: file.name.slice(-200),
    size: file.size,
  };
}

/** Stores bytes in R2 under a generated key (never the client's file name). */
export async function storeFile(bucket: R2Bucket, prefix: string, file: CheckedFile) {
  const key = `${prefix}/${crypto.randomUUID()}.${file.kind}`;
  try {
    await bucket.put(key, file.bytes, {
      httpMetadata: { contentType: file.contentType },
      customMetadata: { originalName: file.name },
    });
  } catch (error) {
    // R2 down: a clear 503 (callers write their row only after this succeeded, so nothing is half-written).
    console.error('R2 put failed', error instanceof Error ? error.message : error);
    throw new Unavailable('We could not store the file right now. Please try again in a moment.');
  }
  return key;
}

/** A download response with a safe Content-Disposition filename. */
export async function downloadResponse(bucket: R2Bucket, key: string, filename: string) {
  let object: R2ObjectBody | null;
  try {
    object = await bucket.get(key);
  } catch (error) {
    console.error('R2 get failed', error instanceof Error ? error.message : error);
    throw new Unavailable('We could not fetch the file right now. Please try again in a moment.');
  }
  if (!object) throw new NotFound('File not found');
  const ascii = filename.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return new Response(object.body, {
    headers: {
      'Content-Type': object.httpMetadata?.contentType ?? 'application/octet-stream',
      'Content-Disposition': `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`,
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  });
}
