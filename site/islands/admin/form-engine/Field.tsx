import { CheckboxField, SelectField, TextArea, TextField } from '#site/islands/common/fields.tsx';
import { scalarText } from '#site/lib/format.ts';
import { ALT_GUIDANCE } from '#schemas/images.ts';
import { ImageFieldTools } from '../ImageField.tsx';
import { adminLook } from '../look.ts';
import {
  blank,
  fieldId,
  isOptional,
  kindOf,
  unwrap,
  type Json,
  type Node,
  type Obj,
  type Path,
} from './schema.ts';

const LONG = /description|details|bio|about|scholarships|message|story|overview|system|life|info/i;
const human = (key: string) => key.replace(/([A-Z])/g, ' $1').replace(/^./, (c) => c.toUpperCase());

/** `errors`: a message per field path ('name', 'videos.coursesHero'), shown beside that field. `images`: the top-level keys that are images. */
export interface FieldProps {
  schema: Node;
  optional: boolean;
  value: Json;
  path: Path;
  onChange: (path: Path, value: Json) => void;
  errors: Record<string, string>;
  /** Linked images the last save could not fetch, by field path (shown beside the field, not an error). */
  warnings: Record<string, string>;
  readOnlyId: boolean;
  images: readonly string[];
  /** Labels by field path ('studyPlan.intake'), in an editor's words (content-fields.ts). */
  labels: Record<string, string>;
  /** Top-level fields picked from a list (a university, a currency) instead of typed. */
  choices: Record<string, { value: string; label: string }[]>;
  /** The content kind (or 'site'): where its images are used decides the size they need. */
  kind: string;
}

export function Field(props: FieldProps) {
  const {
    schema,
    optional,
    value,
    path,
    onChange,
    errors,
    warnings,
    readOnlyId,
    images,
    kind: contentKind,
    labels,
    choices,
  } = props;
  const nested = { onChange, errors, warnings, readOnlyId, images, kind: contentKind, labels, choices };
  const { schema: inner, nullable } = unwrap(schema);
  const kind = kindOf(inner);
  const key = String(path[path.length - 1]);
  const id = fieldId(path);
  const labelKey = path.filter((p) => typeof p === 'string').join('.');
  const name =
    typeof path[path.length - 1] === 'number'
      ? `Item ${(path[path.length - 1] as number) + 1}`
      : (labels[labelKey] ?? human(key));
  const err = errors[path.join('.')];
  // What every control of this field shares: the back office's look, its id and its error.
  const field = { look: adminLook, id, error: err };
  // Fields draw their own error (site/islands/common/fields.tsx); a list of items has it under the list.
  const errorNote = err && (
    <p id={`${id}-error`} className="admin-error">
      {err}
    </p>
  );

  if (kind === 'object') {
    return (
      <fieldset className="admin-fieldset">
        <legend>{name}</legend>
        {Object.entries(inner.properties ?? {}).map(([k, s]) => (
          <Field
            key={k}
            schema={s}
            optional={isOptional(inner, k, s)}
            value={(value as Obj | undefined)?.[k]}
            path={[...path, k]}
            {...nested}
          />
        ))}
      </fieldset>
    );
  }
  if (kind === 'array') {
    const element = unwrap(inner.items ?? {}).schema;
    const list = Array.isArray(value) ? value : [];
    if (kindOf(element) === 'object') {
      return (
        <fieldset className="admin-fieldset">
          <legend>{name}</legend>
          {list.map((item, i) => (
            <div key={i} className="admin-array-item">
              <Field schema={element} optional={false} value={item} path={[...path, i]} {...nested} />
              <button
                type="button"
                className="admin-button admin-button--quiet"
                onClick={() =>
                  onChange(
                    path,
                    list.filter((_, j) => j !== i),
                  )
                }
              >
                Remove item {i + 1}
              </button>
            </div>
          ))}
          <button
            type="button"
            className="admin-button admin-button--quiet"
            onClick={() => onChange(path, [...list, blank(element)])}
          >
            Add {name.toLowerCase()} item
          </button>
          {errorNote}
        </fieldset>
      );
    }
    const gallery = path.length === 1 && images.includes(key);
    return (
      <>
        <TextArea
          {...field}
          label={
            <>
              {name}{' '}
              <span className="admin-muted">
                (one per line{key.endsWith('Alt') && ', in the order of the images'})
              </span>
            </>
          }
          hint={key.endsWith('Alt') ? ALT_GUIDANCE : undefined}
          rows={Math.min(8, Math.max(3, list.length + 1))}
          value={list.map(String).join('\n')}
          onChange={(e) => onChange(path, e.target.value.split('\n'))}
        />
        {gallery && (
          <>
            {list.map(
              (_, i) =>
                warnings[`${key}.${i}`] && (
                  <p key={i} className="admin-warning" role="status">
                    Image {i + 1}: {warnings[`${key}.${i}`]}
                  </p>
                ),
            )}
            <ImageFieldTools
              kind={contentKind}
              field={key}
              label={`${name} image`}
              value=""
              onChange={(url) => onChange(path, [...list.filter((v) => scalarText(v).trim() !== ''), url])}
            />
          </>
        )}
      </>
    );
  }
  if (kind === 'boolean') {
    return (
      <CheckboxField
        {...field}
        label={name}
        checked={value === true}
        onChange={(e) => onChange(path, e.target.checked)}
      />
    );
  }
  if (kind === 'enum') {
    return (
      <SelectField
        {...field}
        label={name}
        options={(inner.enum ?? []).map(String)}
        value={scalarText(value)}
        onChange={(e) => onChange(path, e.target.value)}
      />
    );
  }
  if (kind === 'number') {
    return (
      <TextField
        {...field}
        label={
          <>
            {name}
            {nullable && <span className="admin-muted"> (optional)</span>}
            {key.endsWith('Minor') && (
              <span className="admin-muted"> (in minor units: 1,483.00 is 148300; yen as they are)</span>
            )}
          </>
        }
        type="number"
        inputMode="decimal"
        value={scalarText(value)}
        onChange={(e) =>
          onChange(path, e.target.value === '' ? (nullable ? null : 0) : Number(e.target.value))
        }
      />
    );
  }
  const text = scalarText(value);
  const listed = path.length === 1 ? choices[key] : undefined;
  if (listed) {
    // A value the list lacks (a retired item) stays choosable, so opening the form changes nothing.
    const options =
      listed.some((o) => o.value === text) || !text ? listed : [...listed, { value: text, label: text }];
    return (
      <SelectField
        {...field}
        label={name}
        placeholder="Choose…"
        options={options}
        value={text}
        onChange={(e) => onChange(path, e.target.value)}
      />
    );
  }
  const emptyValue = nullable ? null : optional ? undefined : '';
  const isImage = path.length === 1 && images.includes(key);
  const isId = path.length === 1 && key === 'id';
  // Alt text is optional for API clients (the item's name stands in) but required here.
  const isAlt = path.length === 1 && key.endsWith('Alt');
  const label = (
    <>
      {isAlt ? `${human(key.slice(0, -3))}: alt text` : name}
      {isAlt && <span className="admin-muted"> (required: what the picture shows)</span>}
      {!isAlt && (optional || nullable) && <span className="admin-muted"> (optional)</span>}
      {isId && <span className="admin-muted"> (the page address; cannot change later)</span>}
    </>
  );
  const onText = (e: { target: { value: string } }) => onChange(path, e.target.value || emptyValue);
  if (LONG.test(key) && !isImage)
    return <TextArea {...field} label={label} rows={5} value={text} onChange={onText} />;
  return (
    <TextField
      {...field}
      label={label}
      value={text}
      readOnly={isId && readOnlyId}
      onChange={onText}
      {...(isAlt && { hint: ALT_GUIDANCE, mark: true })}
      addon={
        isImage && (
          <>
            {warnings[key] && (
              <p className="admin-warning" role="status">
                {warnings[key]}
              </p>
            )}
            <ImageFieldTools
              kind={contentKind}
              field={key}
              label={name}
              value={text}
              onChange={(url) => onChange(path, url)}
            />
          </>
        )
      }
    />
  );
}
