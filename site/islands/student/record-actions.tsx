/**
 * The buttons on a record in a panel's list: `action` (Edit, Download) and Delete, each naming the
 * record for screen readers ("Delete BSc at Leeds").
 */
export function RecordActions({
  name,
  action,
  onAction,
  onDelete,
}: {
  name: string;
  action: string;
  onAction: () => void;
  onDelete: () => void;
}) {
  return (
    <div className="st-row">
      <button
        type="button"
        className="st-button st-button--small st-button--secondary"
        onClick={onAction}
        aria-label={`${action} ${name}`}
      >
        {action}
      </button>
      <button
        type="button"
        className="st-button st-button--small st-button--danger"
        onClick={onDelete}
        aria-label={`Delete ${name}`}
      >
        Delete
      </button>
    </div>
  );
}
