import { useEffect, useState } from 'react';
import { useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  contentActiveResponse,
  contentItemResponse,
  contentKinds,
  contentRowSchema,
  contentSavedResponse,
  imageFields,
  type ContentKind,
  type ContentRow,
} from '#schemas/admin/index.ts';
import { ApiError } from '#site/lib/api.ts';
import { adminApi, errorText, formatDate } from '../session.ts';
import { AdminAlert } from '../AdminAlert.tsx';
import { scalarText } from '#site/lib/format.ts';
import { StatusBadge } from '../DataTable.tsx';
import { pageOf } from '#schemas/responses.ts';
import { contentLabels, contentReferences, currencyChoices, currencyFields } from '../content-fields.ts';
import { blank, cleanLists, fieldId, jsonSchemaOf, type Obj } from '../form-engine/schema.ts';
import { SchemaForm } from '../form-engine/SchemaForm.tsx';
import { missingAlt } from '../form-engine/missing-alt.ts';

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

export function Editor({
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
  // The draft is filled once, from the blank form or the item when it arrives (the editor is
  // remounted for another item). Later refetches (after Retire or Restore, or any staff screen's
  // save, which refreshes every staff query) must not put back what the person has changed since.
  useEffect(() => {
    setDraft((current) => current ?? (id === null ? (blank(schema) as Obj) : (q.data?.item ?? null)));
  }, [id, q.data, schema]);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['admin'] });
  const save = useMutation({
    mutationFn: () => {
      const body = cleanLists(draft ?? {}) as Obj;
      const noAlt = missingAlt(body, q.data?.item);
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
      // The saved version: the empty list rows the server left out go from the form too.
      setDraft((current) => (current ? (cleanLists(current) as Obj) : current));
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
