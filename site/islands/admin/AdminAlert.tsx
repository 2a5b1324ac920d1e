import { errorText } from './session.ts';

/** Why an action or a load failed, announced at once (`id` when a control points at it). */
export function AdminAlert({ error, id }: { error: unknown; id?: string | undefined }) {
  return (
    <p id={id} role="alert" className="admin-error">
      {errorText(error)}
    </p>
  );
}
