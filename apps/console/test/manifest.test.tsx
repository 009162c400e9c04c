import { fireEvent, render, screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";

import { ScanInput } from "../src/app/(console)/manifest/scan-input";
import { TimeslotManifest, type ManifestSlot } from "../src/app/(console)/manifest/timeslot-manifest";

const slot = (over: Partial<ManifestSlot> = {}): ManifestSlot => ({
  id: 7,
  activity: "Sunset Kayak Tour",
  time: "17:30",
  timeZone: "Europe/Lisbon",
  startsAt: new Date().toISOString(),
  endsAt: new Date(Date.now() + 3_600_000).toISOString(),
  ended: false,
  counts: { booked: 3, checkedIn: 1, waiting: 2 },
  guests: [
    {
      reference: "BK-FAMILY1",
      name: "Ana Silva",
      persons: 2,
      units: [{ unitId: "adult", quantity: 2 }],
      waiver: "complete",
      checkedIn: 1,
      noShow: false,
      tickets: [
        { code: "a".repeat(32), unitId: "adult", checkedIn: true },
        { code: "b".repeat(32), unitId: "adult", checkedIn: false },
      ],
    },
    {
      reference: "BK-LATE0001",
      name: "Mia Ito",
      persons: 1,
      units: [{ unitId: "child", quantity: 1 }],
      waiver: "missing",
      checkedIn: 0,
      noShow: false,
      tickets: [{ code: "c".repeat(32), unitId: "child", checkedIn: false }],
    },
  ],
  ...over,
});

describe("ScanInput", () => {
  it("hands over a scanned code trimmed and clears itself for the next one", () => {
    const onScan = vi.fn();
    render(<ScanInput onScan={onScan} />);
    const input = screen.getByLabelText<HTMLInputElement>("Ticket code");
    fireEvent.change(input, { target: { value: `  ${"d".repeat(32)}\n` } });
    fireEvent.submit(input);
    expect(onScan).toHaveBeenCalledWith("d".repeat(32));
    expect(input.value).toBe("");
    fireEvent.change(input, { target: { value: "   " } });
    fireEvent.submit(input);
    expect(onScan).toHaveBeenCalledTimes(1);
  });
});

describe("TimeslotManifest", () => {
  it("shows the counts, each guest's units and a warning for a missing waiver answer", () => {
    render(<TimeslotManifest slot={slot()} onCheckIn={vi.fn()} onMarkNoShows={vi.fn()} />);
    expect(screen.getByTestId("booked").textContent).toBe("3");
    expect(screen.getByTestId("checked-in").textContent).toBe("1");
    expect(screen.getByTestId("waiting").textContent).toBe("2");
    const [family, late] = screen.getAllByTestId("guest") as [HTMLElement, HTMLElement];
    expect(within(family).getByText("2 × adult")).toBeTruthy();
    expect(within(family).getByLabelText("1 of 2 checked in")).toBeTruthy();
    expect(within(late).getByText(/required answer missing/)).toBeTruthy();
    expect(within(family).queryByText(/required answer missing/)).toBeNull();
  });

  it("checks in the guest's next unchecked ticket on a tap", () => {
    const onCheckIn = vi.fn();
    render(<TimeslotManifest slot={slot()} onCheckIn={onCheckIn} onMarkNoShows={vi.fn()} />);
    fireEvent.click(screen.getByRole("button", { name: "Check in Ana Silva (adult)" }));
    expect(onCheckIn).toHaveBeenCalledWith("b".repeat(32));
  });

  it("offers the no-show action only once the timeslot has ended", () => {
    const onMarkNoShows = vi.fn();
    const { rerender } = render(<TimeslotManifest slot={slot()} onCheckIn={vi.fn()} onMarkNoShows={onMarkNoShows} />);
    const button = () => screen.getByRole<HTMLButtonElement>("button", { name: "Mark the rest as no-shows" });
    expect(button().disabled).toBe(true);
    rerender(<TimeslotManifest slot={slot({ ended: true })} onCheckIn={vi.fn()} onMarkNoShows={onMarkNoShows} />);
    fireEvent.click(button());
    expect(onMarkNoShows).toHaveBeenCalledWith(7);
  });
});
