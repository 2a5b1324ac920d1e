import { useEffect, useState } from 'react';
import {
  contentKindNames,
  contentKinds,
  contentRowSchema,
  type ContentKind,
  type ContentRow,
} from '#schemas/admin/index.ts';
import { formatDate, type StaffProfile } from '../session.ts';
import { DataTable } from '../DataTable.tsx';
import { PublishBar } from '../PublishBar.tsx';
import { Editor } from './content-editor.tsx';
import { SiteSettings } from './site-settings.tsx';

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
