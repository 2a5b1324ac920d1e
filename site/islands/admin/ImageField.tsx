import { useId, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { imageDetailsResponse, uploadResponse, type ImageDetails } from '#schemas/admin/index.ts';
import {
  CENTRE,
  IMAGE_MIN_WIDTH,
  imageTooSmallMessage,
  parseImageUrl,
  variantUrl,
  variantWidths,
  withFocus,
  type ImageUse,
} from '#schemas/images.ts';
import { TextField } from '../common/fields.tsx';
import { UploadStatus, useUpload } from '../common/upload-status.tsx';
import { adminApi, adminUpload } from './session.ts';
import { adminLook } from './look.ts';

/** How each kind's image fields are used on the site: the width they need, the shape a phone crops them to. */
export function imageUseOf(kind: string, field: string): ImageUse {
  if (field === 'logo' || field === 'flag' || field === 'icon') return 'logo';
  if (field === 'universityimage') return 'gallery';
  if (kind === 'team') return 'portrait';
  if ((kind === 'countries' || kind === 'subjects') && field === 'image') return 'hero';
  return 'card';
}
/** The shape a phone crops each use to (site/styles: .content-image--hero, .card__media, .gallery img, .team-card__img). */
const PHONE_CROP: Record<ImageUse, string> = {
  hero: '16 / 9',
  card: '16 / 9',
  gallery: '20 / 13',
  portrait: '1',
  logo: '1',
};

const kb = (bytes: number) =>
  bytes < 1024 * 1024 ? `${Math.round(bytes / 1024)} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/**
 * What an editor needs beside an image field: the upload (JPEG, PNG, WebP or HEIC
 * up to 15 MB), the image's dimensions and size, a warning when it is too small for where it is
 * used, the focal point that crops keep in view (click the picture, or the two sliders), and a
 * preview of the crop a phone shows. A link to another site warns that it shows as a placeholder
 * until a save has fetched it.
 */
export function ImageFieldTools({
  kind,
  field,
  label,
  value,
  onChange,
}: {
  kind: string;
  field: string;
  label: string;
  value: string;
  onChange: (url: string) => void;
}) {
  const id = useId();
  const [file, setFile] = useState<File | null>(null);
  const [uploaded, setUploaded] = useState<ImageDetails | null>(null);
  const sending = useUpload();
  const ref = parseImageUrl(value);
  const use = imageUseOf(kind, field);
  const details = useQuery({
    queryKey: ['admin', 'image', ref?.id],
    queryFn: () => adminApi(`/images/${ref!.id}`, { schema: imageDetailsResponse }),
    enabled: !!ref && uploaded?.id !== ref.id,
    staleTime: Infinity,
  });
  const info = uploaded?.id === ref?.id ? uploaded : details.data?.image;
  const send = async (chosen: File) => {
    const form = new FormData();
    form.append('file', chosen);
    const result = await sending.run(
      ({ onProgress, signal }) =>
        adminUpload('/uploads', { body: form, onProgress, signal, schema: uploadResponse }),
      'The image could not be uploaded.',
    );
    if (result) {
      setUploaded(result.image);
      onChange(result.url);
    }
  };
  const focus = ref?.focus ?? CENTRE;
  const setFocus = (x: number, y: number) =>
    onChange(withFocus(value, { x: Math.round(x), y: Math.round(y) }));
  const pick = (e: MouseEvent<HTMLImageElement>) => {
    const box = e.currentTarget.getBoundingClientRect();
    setFocus(((e.clientX - box.left) / box.width) * 100, ((e.clientY - box.top) / box.height) * 100);
  };
  const nudge = (e: KeyboardEvent<HTMLImageElement>) => {
    const step = { ArrowLeft: [-5, 0], ArrowRight: [5, 0], ArrowUp: [0, -5], ArrowDown: [0, 5] }[e.key];
    if (!step) return;
    e.preventDefault();
    setFocus(Math.min(100, Math.max(0, focus.x + step[0]!)), Math.min(100, Math.max(0, focus.y + step[1]!)));
  };
  const thumb = ref && variantUrl(ref.id, variantWidths(ref.width).find((w) => w >= 320) ?? ref.width, 'jpg');
  const remote = /^https?:\/\//i.test(value);
  return (
    <div className="admin-upload admin-image" data-testid={`image-tools-${field}`}>
      {ref && thumb ? (
        <>
          <div className="admin-image__row">
            <figure className="admin-image__focus">
              <img
                src={thumb}
                alt={`${label}: click where the subject is; crops keep that point in view`}
                width={160}
                height={Math.round((160 * ref.height) / ref.width)}
                tabIndex={0}
                onClick={pick}
                onKeyDown={nudge}
              />
              <span
                className="admin-image__dot"
                aria-hidden="true"
                style={{ left: `${focus.x}%`, top: `${focus.y}%` }}
              />
              <figcaption>Focal point (click, or arrow keys)</figcaption>
            </figure>
            <figure className="admin-image__phone">
              <img
                src={thumb}
                alt=""
                style={{ aspectRatio: PHONE_CROP[use], objectPosition: `${focus.x}% ${focus.y}%` }}
              />
              <figcaption>On a phone</figcaption>
            </figure>
          </div>
          <p className="admin-muted" data-testid={`image-facts-${field}`}>
            {ref.width} × {ref.height} px
            {info && (
              <>
                {' '}
                · {info.format.toUpperCase()} of {kb(info.bytes)} received · {kb(info.phoneBytes)} to a phone
              </>
            )}
          </p>
          {ref.width < IMAGE_MIN_WIDTH[use] && (
            <p className="admin-warning" role="status">
              {imageTooSmallMessage(ref.width, use)}
            </p>
          )}
        </>
      ) : (
        value.startsWith('/') && <img src={value} alt="" width={96} height={64} loading="lazy" />
      )}
      {remote && (
        <p className="admin-warning" role="status">
          This is a link to another site: the site shows a placeholder until a save fetches it (saving tries
          now). Uploading the image works every time.
        </p>
      )}
      <TextField
        look={adminLook}
        id={id}
        label={`Upload a new ${label.toLowerCase()} (JPEG, PNG, WebP or HEIC, up to 15 MB)`}
        type="file"
        accept="image/jpeg,image/png,image/webp,image/heic,image/heif,.heic,.heif"
        disabled={sending.busy}
        onChange={(e) => {
          const f = e.target.files?.[0] ?? null;
          setFile(f);
          if (f) void send(f);
        }}
      />
      {file && (
        <UploadStatus
          state={sending.state}
          fileName={file.name}
          onRetry={() => void send(file)}
          onCancel={sending.cancel}
        />
      )}
      <span aria-live="polite">{sending.state.phase === 'done' && 'Uploaded.'}</span>
    </div>
  );
}
