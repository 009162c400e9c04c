"use client";

import { useState, type SyntheticEvent } from "react";

import { TextField } from "../../../components/form-field";
import type { DimensionChoice } from "../../../lib/usage-dimensions";

/**
 * Group-by and filter controls of the usage page. Dimensions are the top-level members of
 * entries' ExtraInfo objects; names are typed, since any entry may bring new ones.
 */
export function DimensionControls({
  value,
  onGroupBy,
  onFilter,
}: {
  value: DimensionChoice;
  onGroupBy: (names: string[]) => void;
  onFilter: (name: string, value: string | undefined) => void;
}) {
  const [groupBy, setGroupBy] = useState(value.groupBy.join(", "));
  const [filterName, setFilterName] = useState("");
  const [filterValue, setFilterValue] = useState("");

  const applyGroupBy = (event: SyntheticEvent) => {
    event.preventDefault();
    onGroupBy(
      groupBy
        .split(",")
        .map((n) => n.trim())
        .filter(Boolean),
    );
  };
  const addFilter = (event: SyntheticEvent) => {
    event.preventDefault();
    if (!filterName.trim() || filterValue === "") return;
    onFilter(filterName.trim(), filterValue);
    setFilterName("");
    setFilterValue("");
  };

  return (
    <div className="filters">
      <form className="field" onSubmit={applyGroupBy} aria-label="Group by">
        <TextField
          label="Group by (up to 3 dimensions, comma-separated)"
          value={groupBy}
          onValueChange={setGroupBy}
          placeholder="plan, region"
          name="groupBy"
        />
        <button type="submit">Group</button>
      </form>
      <form className="field" onSubmit={addFilter} aria-label="Add a filter">
        <TextField
          label="Filter dimension"
          value={filterName}
          onValueChange={setFilterName}
          placeholder="plan"
          name="filterName"
        />
        <TextField
          label="equals"
          value={filterValue}
          onValueChange={setFilterValue}
          placeholder="pro"
          name="filterValue"
        />
        <button type="submit">Add filter</button>
      </form>
      {value.filters.length > 0 && (
        <div className="field" role="group" aria-label="Filters">
          <span aria-hidden="true">Filters</span>
          <div className="row">
            {value.filters.map((f) => (
              <button
                key={f.name}
                type="button"
                className="badge"
                onClick={() => onFilter(f.name, undefined)}
                aria-label={`Remove filter ${f.name} = ${f.value}`}
              >
                <span className="mono">
                  {f.name} = {f.value}
                </span>{" "}
                ×
              </button>
            ))}
          </div>
        </div>
      )}
    </div>
  );
}
