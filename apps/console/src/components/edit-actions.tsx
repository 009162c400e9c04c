/**
 * The buttons under a form that either adds a new item or saves the one being edited;
 * Cancel leaves editing and empties the form.
 */
export function EditActions({
  editing,
  addLabel,
  saveLabel,
  disabled,
  onCancel,
}: {
  editing: boolean;
  addLabel: string;
  saveLabel: string;
  disabled: boolean;
  onCancel: () => void;
}) {
  return (
    <div className="row">
      <button type="submit" className="primary" disabled={disabled}>
        {editing ? saveLabel : addLabel}
      </button>
      {editing && (
        <button type="button" onClick={onCancel}>
          Cancel
        </button>
      )}
    </div>
  );
}
