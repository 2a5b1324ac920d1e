import { zlibSync } from 'fflate';
import libheifWasm from 'libheif-js/libheif-wasm/libheif.wasm';
import libheifFactory from 'libheif-js/libheif-wasm/libheif.js';

// HEIC (HEVC-coded HEIF, what iPhones write) decoded in the Worker with libheif compiled to
// WebAssembly. Only a fallback: Cloudflare's Images binding decodes HEIC itself, but the binding's
// local simulation (sharp, in wrangler's Node process) has no HEVC decoder, so under `npm start`,
// the tests and the rehearsal the pipeline hands it this decoder's output instead
// (docs/decisions/023-image-pipeline.md). The module is instantiated on first use only.

interface HeifImage {
  is_primary(): boolean;
  get_width(): number;
  get_height(): number;
  display(
    target: { data: Uint8ClampedArray; width: number; height: number },
    done: (result: { data: Uint8ClampedArray } | null) => void,
  ): void;
  free(): void;
}
interface Libheif {
  HeifDecoder: new () => { decode(bytes: Uint8Array): HeifImage[] };
}

let libheif: Libheif | undefined;
function load(): Libheif {
  // Synchronous instantiation of the module wrangler compiled: the emscripten runtime is ready when
  // the factory returns (an asynchronous instantiateWasm leaves it half set up).
  libheif ??= libheifFactory({
    instantiateWasm(
      imports: WebAssembly.Imports,
      done: (i: WebAssembly.Instance, m: WebAssembly.Module) => void,
    ) {
      const instance = new WebAssembly.Instance(libheifWasm, imports);
      done(instance, libheifWasm);
      return instance.exports;
    },
  }) as unknown as Libheif;
  return libheif;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes: Uint8Array) {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Uint8Array) {
  const out = new Uint8Array(12 + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  out.set(new TextEncoder().encode(type), 4);
  out.set(data, 8);
  view.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)));
  return out;
}

/** An RGB PNG of RGBA pixels, barely compressed: a lossless hand-over to the binding, never stored. */
function rgbPng(rgba: Uint8ClampedArray, width: number, height: number) {
  const stride = 1 + width * 3;
  const raw = new Uint8Array(stride * height);
  for (let y = 0; y < height; y++) {
    let o = y * stride + 1; // filter byte 0: none
    for (let x = 0, i = y * width * 4; x < width; x++, i += 4) {
      raw[o++] = rgba[i]!;
      raw[o++] = rgba[i + 1]!;
      raw[o++] = rgba[i + 2]!;
    }
  }
  const header = new Uint8Array(13);
  const view = new DataView(header.buffer);
  view.setUint32(0, width);
  view.setUint32(4, height);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const parts = [
    new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlibSync(raw, { level: 1 })),
    chunk('IEND', new Uint8Array(0)),
  ];
  const png = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let o = 0;
  for (const p of parts) {
    png.set(p, o);
    o += p.length;
  }
  return png;
}

/**
 * The primary image of an HEIC file as a PNG, upright (libheif applies the file's rotation and
 * mirroring) and without any of its metadata. Throws when the file cannot be decoded.
 */
export async function heicToPng(bytes: Uint8Array): Promise<Uint8Array> {
  const all = new (load().HeifDecoder)().decode(bytes);
  const image = all.find((i) => i.is_primary()) ?? all[0];
  if (!image) throw new Error('No image in the HEIC file');
  try {
    const width = image.get_width();
    const height = image.get_height();
    const rgba = await new Promise<Uint8ClampedArray>((resolve, reject) =>
      image.display({ data: new Uint8ClampedArray(width * height * 4), width, height }, (result) =>
        result ? resolve(result.data) : reject(new Error('HEIC decoding failed')),
      ),
    );
    return rgbPng(rgba, width, height);
  } finally {
    for (const i of all) i.free();
  }
}
