import { useEffect, useState, type ReactNode } from 'react';
import { useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  contentActiveResponse,
  contentItemResponse,
  contentKindNames,
  contentKinds,
  contentRowSchema,
  contentSavedResponse,
  imageFields,
  siteContactsSavedResponse,
  siteSettingsResponse,
  siteSettingsSavedResponse,
  type ContentKind,
  type ContentRow,
} from '#schemas/admin/index.ts';
import { ApiError } from '#site/lib/api.ts';
import {
  SITE_CONTACTS_ADMIN_ONLY,
  siteBrandSchema,
  siteContactFields,
  siteContactLabels,
  siteContactsSchema,
} from '#schemas/content.ts';
import { adminApi, errorText, formatDate, type StaffProfile } from '../session.ts';
import { AdminAlert } from '../AdminAlert.tsx';
import { scalarText } from '#site/lib/format.ts';
import { ImageFieldTools } from '../ImageField.tsx';
import { ALT_GUIDANCE } from '#schemas/images.ts';
import { DataTable, StatusBadge } from '../DataTable.tsx';
import { PublishBar } from '../PublishBar.tsx';
import { CheckboxField, SelectField, TextArea, TextField } from '#site/islands/common/fields.tsx';
import { adminLook } from '../look.ts';
import { AdminForm } from '../AdminForm.tsx';
import { pageOf } from '#schemas/responses.ts';
import { contentLabels, contentReferences, currencyChoices, currencyFields } from '../content-fields.ts';

type Json = string | number | boolean | null | undefined | Json[] | { [k: string]: Json };
type Obj = { [k: string]: Json };
type Path = (string | number)[];

/**
 * The forms are built from each content schema's JSON Schema: zod 4's public toJSONSchema(), as the
 * form's input (defaults and pipes read as what a person types). Only the keywords the editor needs
 * are read. The schema's own method, not z.toJSONSchema(): that one keeps every zod type's
 * converter in the zod chunk that every page with a form loads (~1.5 KB brotli each).
 */
interface Node {
  type?: string | string[];
  properties?: Record<string, Node>;
  required?: string[];
  items?: Node;
  anyOf?: Node[];
  enum?: unknown[];
  default?: unknown;
}
const jsonSchemas = new Map<z.ZodType, Node>();
/** The JSON Schema of a zod schema, converted once. */
function jsonSchemaOf(schema: z.ZodType) {
  let node = jsonSchemas.get(schema);
  if (!node)
    jsonSchemas.set(schema, (node = schema.toJSONSchema({ io: 'input', unrepresentable: 'any' }) as Node));
  return node;
}

/** A property may be left out when its object does not require it and it has no default. */
const isOptional = (parent: Node, key: string, node: Node) =>
  !parent.required?.includes(key) && !('default' in node);

/** Unwraps `anyOf: [T, null]`; says whether the value may be null. */
function unwrap(node: Node): { schema: Node; nullable: boolean } {
  const members = node.anyOf;
  if (!members) return { schema: node, nullable: false };
  const rest = members.filter((m) => m.type !== 'null');
  return { schema: rest.length === 1 && rest[0] ? rest[0] : {}, nullable: rest.length < members.length };
}

/** The kind of control a schema node needs. */
function kindOf(node: Node): 'object' | 'array' | 'boolean' | 'enum' | 'number' | 'string' {
  if (node.enum) return 'enum';
  const type = Array.isArray(node.type) ? node.type[0] : node.type;
  if (type === 'integer') return 'number';
  return type === 'object' || type === 'array' || type === 'boolean' || type === 'number' ? type : 'string';
}

function blank(node: Node, optional = false): Json {
  const { schema, nullable } = unwrap(node);
  if (optional) return undefined;
  if (nullable) return null;
  switch (kindOf(schema)) {
    case 'object':
      return Object.fromEntries(
        Object.entries(schema.properties ?? {}).map(([k, v]) => [k, blank(v, isOptional(schema, k, v))]),
      );
    case 'array':
      return [];
    case 'number':
      return 0;
    case 'boolean':
      return false;
    case 'enum':
      return (schema.enum?.[0] as Json) ?? '';
    default:
      return '';
  }
}

const LONG = /description|details|bio|about|scholarships|message|story|overview|system|life|info/i;
const human = (key: string) => key.replace(/([A-Z])/g, ' $1').replace(/^./, (c) => c.toUpperCase());
const fieldId = (path: Path) => `cf-${path.join('-')}`;

function setIn(obj: Json, path: Path, value: Json): Json {
  if (!path.length) return value;
  const [head, ...rest] = path;
  if (Array.isArray(obj)) {
    const copy = [...obj];
    copy[head as number] = setIn(copy[head as number], rest, value);
    return copy;
  }
  const o = (obj ?? {}) as Obj;
  return { ...o, [head as string]: setIn(o[head as string], rest, value) };
}

/** `errors`: a message per field path ('name', 'videos.coursesHero'), shown beside that field. `images`: the top-level keys that are images. */
interface FieldProps {
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

function Field(props: FieldProps) {
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
  // Alt text is optional for API clients (the item's name stands in) but required here (issue 31).
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

/**
 * The fields of a form whose image has no alt text yet: every `<field>Alt` beside a field holding
 * an image (a list of alt texts: one per image). The first is where the save stops.
 */
function missingAlt(draft: Obj): string | undefined {
  for (const [key, value] of Object.entries(draft)) {
    if (!key.endsWith('Alt')) continue;
    const image = draft[key.slice(0, -3)];
    if (Array.isArray(image)) {
      const alts = Array.isArray(value) ? value : [];
      if (image.some((src, i) => scalarText(src).trim() && !scalarText(alts[i]).trim())) return key;
    } else if (typeof image === 'string' && image.trim() && !scalarText(value).trim()) return key;
  }
  return undefined;
}

/** The most items one list of choices reads (100 a page): past it, a value is typed as before. */
const CHOICE_PAGES = 10;

/** The lists a kind's reference and currency fields are picked from: every item of the kind referred to, by name. */
function useChoices(kind: ContentKind) {
  const references = Object.entries(contentReferences[kind] ?? {});
  const lists = useQueries({
    queries: references.map(([, target]) => ({
      queryKey: ['admin', 'content', target, 'choices'],
      staleTime: 60_000,
      queryFn: async () => {
        const rows: ContentRow[] = [];
        for (let page = 1; page <= CHOICE_PAGES; page++) {
          const answer = await adminApi(`/content/${target}?pageSize=100&page=${page}`, {
            schema: pageOf(contentRowSchema),
          });
          rows.push(...answer.items);
          if (rows.length >= answer.total) break;
        }
        return rows.map((r) => ({ value: r.id, label: r.active ? r.title : `${r.title} (retired)` }));
      },
    })),
  });
  const out: Record<string, { value: string; label: string }[]> = {};
  references.forEach(([key], i) => {
    const list = lists[i]?.data;
    if (list) out[key] = list;
  });
  for (const key of currencyFields[kind] ?? []) out[key] = currencyChoices;
  return out;
}

/** Warnings of the last save, kept across the editor's remount when a new item gets its id. */
const savedWarnings = new Map<string, Record<string, string>>();

function Editor({
  kind,
  id,
  onDone,
}: {
  kind: ContentKind;
  id: string | null;
  onDone: (id: string | null) => void;
}) {
  const queryClient = useQueryClient();
  const schema = jsonSchemaOf(contentKinds[kind].schema);
  const choices = useChoices(kind);
  const q = useQuery({
    queryKey: ['admin', 'content', kind, id],
    queryFn: () => adminApi(`/content/${kind}/${encodeURIComponent(id!)}`, { schema: contentItemResponse }),
    enabled: id !== null,
  });
  const [draft, setDraft] = useState<Obj | null>(null);
  const [error, setError] = useState<{ path: string; message: string } | null>(null);
  const [warnings, setWarnings] = useState<Record<string, string>>(
    () => savedWarnings.get(`${kind}/${id}`) ?? {},
  );
  useEffect(() => {
    if (id === null) setDraft(blank(schema) as Obj);
    else if (q.data) setDraft(q.data.item);
  }, [id, q.data, schema]);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['admin'] });
  const save = useMutation({
    mutationFn: () => {
      const body = cleanLists(draft ?? {}) as Obj;
      const noAlt = missingAlt(body);
      if (noAlt)
        throw new Error(
          `${noAlt} is required: say what the picture shows, for people who cannot see it (and for search engines).`,
        );
      return id === null
        ? adminApi(`/content/${kind}`, { method: 'POST', body, schema: contentSavedResponse })
        : adminApi(`/content/${kind}/${encodeURIComponent(id)}`, {
            method: 'PUT',
            body,
            schema: contentSavedResponse,
          });
    },
    onMutate: () => setError(null),
    onSuccess: (r) => {
      const byField = Object.fromEntries(r.imageWarnings.map((w) => [w.field, w.message]));
      savedWarnings.set(`${kind}/${r.id}`, byField);
      setWarnings(byField);
      refresh();
      onDone(r.id);
    },
    onError: (e) => {
      const message = e instanceof ApiError ? e.message : errorText(e);
      const path = message.split(' ')[0] ?? '';
      setError({ path, message });
      requestAnimationFrame(() =>
        (
          document.getElementById(fieldId(path.split('.'))) ?? document.getElementById('content-error')
        )?.focus(),
      );
    },
  });
  const toggle = useMutation({
    mutationFn: (action: 'retire' | 'restore') =>
      adminApi(`/content/${kind}/${encodeURIComponent(id!)}/${action}`, {
        method: 'POST',
        schema: contentActiveResponse,
      }),
    onSuccess: refresh,
  });
  if (id !== null && q.isPending) return <p>Loading…</p>;
  if (q.isError) return <AdminAlert error={q.error} />;
  if (!draft) return null;
  const preview = q.data?.preview;
  return (
    <section
      id="admin-detail"
      className="admin-detail admin-detail--wide"
      tabIndex={-1}
      aria-labelledby="editor-title"
    >
      <div className="admin-detail__head">
        <h2 id="editor-title">
          {id === null
            ? `New item: ${contentKinds[kind].label}`
            : `Edit ${scalarText(draft[contentKinds[kind].title] ?? id)}`}
        </h2>
        <button type="button" className="admin-button admin-button--quiet" onClick={() => onDone(null)}>
          Close
        </button>
      </div>
      {q.data && (
        <p>
          <StatusBadge
            status={q.data.active ? 'approved' : 'declined'}
            label={q.data.active ? 'On the site' : 'Retired'}
          />{' '}
          Last changed {formatDate(q.data.updatedAt)}.
          {preview && (
            <>
              {' '}
              <a href={preview} target="_blank" rel="noopener">
                Preview the public page
              </a>{' '}
              (shows the saved version).
            </>
          )}
        </p>
      )}
      <SchemaForm
        schema={schema}
        draft={draft}
        setDraft={setDraft}
        errors={error ? { [error.path]: error.message } : {}}
        warnings={warnings}
        kind={kind}
        readOnlyId={id !== null}
        images={imageFields[kind]}
        labels={contentLabels[kind] ?? {}}
        choices={choices}
        save={save}
        problem={
          error && (
            <p id="content-error" role="alert" tabIndex={-1} className="admin-error admin-error--box">
              Not saved: {error.message}
            </p>
          )
        }
        actions={
          id !== null &&
          q.data && (
            <button
              type="button"
              className="admin-button admin-button--quiet"
              onClick={() => toggle.mutate(q.data.active ? 'retire' : 'restore')}
            >
              {q.data.active ? 'Retire (hide from the site)' : 'Restore to the site'}
            </button>
          )
        }
      />
    </section>
  );
}

/**
 * An editor's form: why the last save failed (`problem`), one `Field` per top-level property of the
 * schema (each editing its part of the draft), then the sticky bar: Save, any other `actions`, and
 * the saved note.
 */
function SchemaForm({
  schema,
  draft,
  setDraft,
  save,
  problem,
  actions,
  saveLabel = 'Save',
  saved = 'Saved. Publish to update the static pages.',
  ...shared
}: Pick<FieldProps, 'errors' | 'warnings' | 'readOnlyId' | 'images' | 'kind' | 'labels' | 'choices'> & {
  schema: Node;
  draft: Obj;
  setDraft: (draft: Obj) => void;
  save: { mutate: () => void; isPending: boolean; isSuccess: boolean };
  problem: ReactNode;
  actions?: ReactNode;
  /** The submit button's name (a page with two forms names each). */
  saveLabel?: string;
  /** What shows once saved. */
  saved?: ReactNode;
}) {
  return (
    <AdminForm noValidate onSubmit={() => save.mutate()}>
      {problem}
      {Object.entries(schema.properties ?? {}).map(([k, s]) => (
        <Field
          key={k}
          schema={s}
          optional={isOptional(schema, k, s)}
          value={draft[k]}
          path={[k]}
          onChange={(path, value) => setDraft(setIn(draft, path, value) as Obj)}
          {...shared}
        />
      ))}
      <div className="admin-actions admin-actions--sticky">
        <button type="submit" className="admin-button" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : saveLabel}
        </button>
        {actions}
        <span aria-live="polite">{save.isSuccess && <span className="admin-success">{saved}</span>}</span>
      </div>
    </AdminForm>
  );
}

/** Lines typed into list boxes: trailing blank lines are dropped (the seed allows blanks inside). */
function cleanLists(value: Json): Json {
  if (Array.isArray(value)) {
    const out = value.map(cleanLists);
    while (out.length && out[out.length - 1] === '') out.pop();
    return out;
  }
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, cleanLists(v)]));
  return value;
}

/** The fields of `item` a form edits (the keys of its schema's properties). */
const pickFields = (item: Obj, schema: Node): Obj =>
  Object.fromEntries(Object.keys(schema.properties ?? {}).map((k) => [k, item[k]]));

/** Server messages per field from a failed save, and focus on the first (or on the form's alert). */
function useFieldErrors(alertId: string) {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const onError = (e: unknown) => {
    const fields = e instanceof ApiError ? e.fields : {};
    setErrors(Object.keys(fields).length ? fields : { '': errorText(e) });
    const first = Object.keys(fields)[0];
    requestAnimationFrame(() =>
      (first
        ? document.getElementById(fieldId(first.split('.')))
        : document.getElementById(alertId)
      )?.focus(),
    );
  };
  return { errors, clear: () => setErrors({}), onError };
}

/** "Not saved: …" above a form: the server's message, or how many fields need attention. */
function NotSaved({ id, errors }: { id: string; errors: Record<string, string> }) {
  const problems = Object.keys(errors).filter(Boolean).length;
  if (!problems && !errors['']) return null;
  return (
    <p id={id} role="alert" tabIndex={-1} className="admin-error admin-error--box">
      Not saved:{' '}
      {errors[''] ??
        `${problems === 1 ? 'one field needs' : `${problems} fields need`} attention (marked below).`}
    </p>
  );
}

/**
 * The site settings (content/site.json as staff edit it), in two parts. The brand and the video
 * links of the posters: editors and admins. The contact details, the staff notification address
 * and the company details: admins only (they decide where enquiries go and how the public reaches
 * the company), each change e-mailed to the previous addresses; editors see them read-only. The
 * server names every field it refuses (`ApiError.fields`); each message shows beside its field.
 */
function SiteSettings({ me }: { me: StaffProfile }) {
  const queryClient = useQueryClient();
  const brandSchema = jsonSchemaOf(siteBrandSchema);
  const contactsSchema = jsonSchemaOf(siteContactsSchema);
  const admin = me.role === 'admin';
  const q = useQuery({
    queryKey: ['admin', 'site-settings'],
    queryFn: () => adminApi('/site-settings', { schema: siteSettingsResponse }),
  });
  const [brand, setBrand] = useState<Obj | null>(null);
  const [contacts, setContacts] = useState<Obj | null>(null);
  useEffect(() => {
    if (q.data) {
      setBrand(pickFields(q.data.item, brandSchema));
      setContacts(pickFields(q.data.item, contactsSchema));
    }
  }, [q.data, brandSchema, contactsSchema]);
  const brandErrors = useFieldErrors('site-settings-error');
  const contactErrors = useFieldErrors('site-contacts-error');
  const saveBrand = useMutation({
    mutationFn: () =>
      adminApi('/site-settings', {
        method: 'PUT',
        body: cleanLists(brand ?? {}) as Obj,
        schema: siteSettingsSavedResponse,
      }),
    onMutate: brandErrors.clear,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['admin'] }),
    onError: brandErrors.onError,
  });
  const saveContacts = useMutation({
    mutationFn: () =>
      adminApi('/site-settings/contacts', {
        method: 'PUT',
        body: cleanLists(contacts ?? {}) as Obj,
        schema: siteContactsSavedResponse,
      }),
    onMutate: contactErrors.clear,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['admin'] }),
    onError: contactErrors.onError,
  });
  if (q.isPending) return <p>Loading…</p>;
  if (q.isError) return <AdminAlert error={q.error} />;
  if (!brand || !contacts) return null;
  return (
    <section className="admin-detail admin-detail--wide" aria-labelledby="site-settings-title">
      <h2 id="site-settings-title">Site settings</h2>
      <p className="admin-muted">
        The company's name and brand appear in every page, e-mail and receipt. Video links play in place from
        the posters: a YouTube or Vimeo link (shown through their privacy-enhanced players) or an https link
        to an .mp4 or .webm file; leave one empty to show the poster only. Changes reach the pages at the next
        publish.
      </p>
      <SchemaForm
        schema={brandSchema}
        draft={brand}
        setDraft={setBrand}
        errors={brandErrors.errors}
        readOnlyId={false}
        images={['logo']}
        warnings={{}}
        kind="site"
        labels={{}}
        choices={{}}
        save={saveBrand}
        problem={<NotSaved id="site-settings-error" errors={brandErrors.errors} />}
      />
      <h3 id="site-contacts-title">Contact details and company</h3>
      <p className="admin-muted">
        Where enquiries and staff alerts go, how the public reaches the company, and its registered details.
        {admin
          ? ' Each change is recorded in the audit log and e-mailed to the addresses that held it until now.'
          : ` ${SITE_CONTACTS_ADMIN_ONLY}`}
      </p>
      {admin ? (
        <SchemaForm
          schema={contactsSchema}
          draft={contacts}
          setDraft={setContacts}
          errors={contactErrors.errors}
          readOnlyId={false}
          images={[]}
          warnings={{}}
          kind="site"
          labels={{}}
          choices={{}}
          save={saveContacts}
          saveLabel="Save contact details"
          saved={saveContacts.data?.message}
          problem={<NotSaved id="site-contacts-error" errors={contactErrors.errors} />}
        />
      ) : (
        <dl className="admin-dl">
          {siteContactFields.map((field) => (
            <div key={field}>
              <dt>{siteContactLabels[field]}</dt>
              <dd>
                {Object.values(
                  contacts[field] !== null && typeof contacts[field] === 'object'
                    ? (contacts[field] as Obj)
                    : { value: contacts[field] },
                )
                  .map(scalarText)
                  .join(', ')}
              </dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}
export function Content({ me }: { me: StaffProfile }) {
  const params = new URLSearchParams(typeof location === 'undefined' ? '' : location.search);
  const initialKind =
    params.get('kind') === 'site'
      ? 'site'
      : (contentKindNames as string[]).includes(params.get('kind') ?? '')
        ? (params.get('kind') as ContentKind)
        : 'subjects';
  const [kind, setKind] = useState<ContentKind | 'site'>(initialKind);
  const [editing, setEditing] = useState<string | null | undefined>(params.get('id') ?? undefined);
  useEffect(() => {
    const p = new URLSearchParams({ kind });
    if (editing) p.set('id', editing);
    history.replaceState(null, '', `?${p}`);
    if (editing !== undefined) requestAnimationFrame(() => document.getElementById('admin-detail')?.focus());
  }, [kind, editing]);
  return (
    <>
      <h1>Content</h1>
      <PublishBar />
      <nav aria-label="Content kinds" className="admin-tabs">
        <ul>
          {contentKindNames.map((k) => (
            <li key={k}>
              <button
                type="button"
                aria-current={k === kind ? 'page' : undefined}
                onClick={() => {
                  setKind(k);
                  setEditing(undefined);
                }}
              >
                {contentKinds[k].label}
              </button>
            </li>
          ))}
          <li>
            <button
              type="button"
              aria-current={kind === 'site' ? 'page' : undefined}
              onClick={() => {
                setKind('site');
                setEditing(undefined);
              }}
            >
              Site settings
            </button>
          </li>
        </ul>
      </nav>
      {kind === 'site' ? (
        <SiteSettings me={me} />
      ) : (
        <ContentKindList kind={kind} editing={editing} setEditing={setEditing} />
      )}
    </>
  );
}

/** One content kind: its list and, when an item is open, its editor. */
function ContentKindList({
  kind,
  editing,
  setEditing,
}: {
  kind: ContentKind;
  editing: string | null | undefined;
  setEditing: (id: string | null | undefined) => void;
}) {
  return (
    <>
      <p>
        <button type="button" className="admin-button" onClick={() => setEditing(null)}>
          New {contentKinds[kind].label.toLowerCase().replace(/s$/, '').replace(/ie$/, 'y')}
        </button>
      </p>
      <div className="admin-split">
        <DataTable<ContentRow>
          key={kind}
          caption={contentKinds[kind].label}
          path={`/content/${kind}`}
          row={contentRowSchema}
          searchLabel="Search by name or id"
          rowKey={(r) => r.id}
          selected={editing ?? null}
          onOpen={(r) => setEditing(r.id)}
          filters={[
            {
              name: 'status',
              label: 'Show',
              options: [
                { value: 'active', label: 'On the site' },
                { value: 'retired', label: 'Retired' },
              ],
            },
          ]}
          columns={[
            { header: 'Name', cell: (r) => r.title },
            { header: 'Id', cell: (r) => <code>{r.id}</code> },
            { header: 'State', cell: (r) => (r.active ? 'On the site' : 'Retired') },
            { header: 'Updated', cell: (r) => formatDate(r.updatedAt) },
            {
              header: 'Preview',
              cell: (r) =>
                r.preview ? (
                  <a href={r.preview} target="_blank" rel="noopener">
                    Open<span className="visually-hidden"> {r.title}</span>
                  </a>
                ) : (
                  '—'
                ),
            },
          ]}
        />
        {editing !== undefined && (
          <Editor
            key={`${kind}/${editing ?? 'new'}`}
            kind={kind}
            id={editing}
            onDone={(id) => setEditing(id ?? undefined)}
          />
        )}
      </div>
    </>
  );
}
