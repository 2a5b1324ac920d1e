import { useId, useState, type ReactNode } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { pipelines, staffLabel, type Pipeline as PipelineKey } from '#schemas/pipelines.ts';
import type { ZodType } from 'zod';
import {
  pipelineDetailResponse,
  statusChangeResponse,
  type PipelineDetailResponse,
} from '#schemas/admin/index.ts';
import { adminApi, downloadCsv, errorText, formatDate } from './session.ts';
import { DataTable, StatusBadge, type Column, type Filter } from './DataTable.tsx';
import { useSelectedId } from './use-selected-id.ts';
import { SelectField, TextArea } from '../common/fields.tsx';
import { adminLook } from './look.ts';
import { AdminForm } from './AdminForm.tsx';
import { DetailPanel } from './DetailPanel.tsx';

export const statusFilter = (statuses: readonly string[], toLabel: (status: string) => string): Filter => ({
  name: 'status',
  label: 'Status',
  options: statuses.map((s) => ({ value: s, label: toLabel(s) })),
});

export interface PipelineConfig<T> {
  title: string;
  path: string;
  caption: string;
  /** The workflow listed: its statuses and staff labels come from schemas/pipelines.ts. */
  pipeline: PipelineKey;
  /** The response schema of one list row (schemas/admin/). */
  row: ZodType<T>;
  columns: Column<T>[];
  extraFilters?: Filter[];
  initialFilters?: Record<string, string>;
  /** The fields shown in the detail view: [label, value]. */
  fields: (item: Record<string, unknown>) => [string, ReactNode][];
  extra?: (detail: PipelineDetailResponse, refresh: () => void) => ReactNode;
}

/** One pipeline: the list with filters, and the selected item's detail with its status change form. */
export function Pipeline<T extends { id: string }>({ config }: { config: PipelineConfig<T> }) {
  const { selected, open, close } = useSelectedId();
  return (
    <>
      <h1>{config.title}</h1>
      <div className="admin-split">
        <DataTable<T>
          caption={config.caption}
          path={config.path}
          row={config.row}
          columns={config.columns}
          filters={[
            statusFilter(pipelines[config.pipeline].statuses, (s) => staffLabel(config.pipeline, s)),
            ...(config.extraFilters ?? []),
          ]}
          rowKey={(r) => r.id}
          onOpen={(r) => open(r.id)}
          selected={selected}
          initialFilters={config.initialFilters}
        />
        {selected && <PipelineDetail config={config} id={selected} onClose={close} />}
      </div>
    </>
  );
}

function PipelineDetail<T>({
  config,
  id,
  onClose,
}: {
  config: PipelineConfig<T>;
  id: string;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const show = (status: string) => staffLabel(config.pipeline, status);
  const formId = useId();
  const detail = useQuery({
    queryKey: ['admin', config.path, 'detail', id],
    queryFn: () => adminApi(`${config.path}/${encodeURIComponent(id)}`, { schema: pipelineDetailResponse }),
  });
  const [to, setTo] = useState('');
  const [note, setNote] = useState('');
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['admin'] });
  const change = useMutation({
    mutationFn: () =>
      adminApi(`${config.path}/${encodeURIComponent(id)}/status`, {
        method: 'POST',
        body: { status: to, ...(note.trim() ? { note: note.trim() } : {}) },
        schema: statusChangeResponse,
      }),
    onSuccess: () => {
      setTo('');
      setNote('');
      refresh();
    },
  });
  return (
    <DetailPanel title="Details" onClose={onClose} query={detail}>
      {detail.data && (
        <>
          <p>
            Status: <StatusBadge status={detail.data.item.status} label={show(detail.data.item.status)} />
          </p>
          <dl className="admin-dl">
            {config.fields(detail.data.item).map(([k, v]) => (
              <div key={k}>
                <dt>{k}</dt>
                <dd>{v ?? '—'}</dd>
              </div>
            ))}
          </dl>
          {config.extra?.(detail.data, refresh)}
          {detail.data.next.length > 0 ? (
            <AdminForm onSubmit={() => change.mutate()}>
              <h3>Change status</h3>
              <SelectField
                look={adminLook}
                id={`${formId}-to`}
                label="New status"
                required
                placeholder="Choose…"
                options={detail.data.next.map((s) => ({ value: s, label: show(s) }))}
                value={to}
                onChange={(e) => setTo(e.target.value)}
                aria-describedby={change.isError ? `${formId}-err` : undefined}
              />
              <TextArea
                look={adminLook}
                id={`${formId}-note`}
                label="Note for the e-mail (optional)"
                rows={3}
                maxLength={2000}
                value={note}
                onChange={(e) => setNote(e.target.value)}
              />
              <button type="submit" className="admin-button" disabled={!to || change.isPending}>
                {change.isPending ? 'Saving…' : 'Change status and e-mail'}
              </button>
              <div aria-live="polite">
                {change.isError && (
                  <p id={`${formId}-err`} role="alert" className="admin-error">
                    {errorText(change.error)}
                  </p>
                )}
                {change.isSuccess && <p className="admin-success">{change.data.message}</p>}
              </div>
            </AdminForm>
          ) : (
            <p className="admin-muted">This is a final status.</p>
          )}
          <h3>History</h3>
          {detail.data.history.length === 0 ? (
            <p className="admin-muted">No status changes yet.</p>
          ) : (
            <ol className="admin-history">
              {detail.data.history.map((h, i) => (
                <li key={i}>
                  {formatDate(h.createdAt)}: {show(h.fromStatus)} → <strong>{show(h.toStatus)}</strong> by{' '}
                  {h.staffName ?? 'system'}
                  {h.note && <div className="admin-muted">“{h.note}”</div>}
                </li>
              ))}
            </ol>
          )}
        </>
      )}
    </DetailPanel>
  );
}

export function DownloadButton({ path, children }: { path: string; children: ReactNode }) {
  const [error, setError] = useState<string | null>(null);
  return (
    <p>
      <button
        type="button"
        className="admin-button admin-button--quiet"
        onClick={() => {
          setError(null);
          downloadCsv(path).catch((e: unknown) => setError(errorText(e)));
        }}
      >
        {children}
      </button>
      {error && (
        <span role="alert" className="admin-error">
          {' '}
          {error}
        </span>
      )}
    </p>
  );
}
