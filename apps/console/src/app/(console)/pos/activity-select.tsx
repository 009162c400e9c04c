import { FormField } from "../../../components/form-field";
import type { RouterOutputs } from "../../../lib/trpc";

type ActivityOption = RouterOutputs["console"]["activities"]["list"][number];

/** The activities on sale, to choose which one the desk sells. */
export function ActivitySelect({
  activities,
  value,
  onChange,
}: {
  activities: ActivityOption[] | undefined;
  value: number | undefined;
  onChange: (activityId: number) => void;
}) {
  return (
    <FormField label="Activity">
      <select value={value ?? ""} onChange={(e) => onChange(Number(e.target.value))}>
        {activities
          ?.filter((a) => a.active)
          .map((a) => (
            <option key={a.id} value={a.id}>
              {a.name}
            </option>
          ))}
      </select>
    </FormField>
  );
}
