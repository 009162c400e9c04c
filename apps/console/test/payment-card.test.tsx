import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";

import { PaymentCard, type SaleFacts } from "../src/app/(console)/bookings/[reference]/payment-card";

const partnerBooking: SaleFacts = {
  paymentReference: null,
  resellerReference: "ACME-1001",
  partner: { slug: "acme-travel", name: "Acme Travel" },
  source: "PARTNER",
  order: null,
  createdAt: new Date(Date.now() - 86_400_000).toISOString(),
  expiresAt: null,
  status: "CONFIRMED",
  cancelledAt: null,
  cancellable: false,
  refund: null,
  cancellation: {
    Cancellable: true,
    RefundPercent: 100,
    Refund: { Amount: 0, Currency: "EUR" },
    Until: null,
  },
  activity: {
    id: 1,
    activityId: "act_1",
    name: "Age of Discovery River Cruise",
    location: "Lisbon",
    timeZone: "Europe/Lisbon",
  },
};

describe("PaymentCard", () => {
  it("shows an OCTO booking's reseller reference beside its partner", () => {
    render(<PaymentCard b={partnerBooking} />);
    const term = screen.getByText("Reseller reference");
    expect(term.nextElementSibling?.textContent).toBe("ACME-1001");
    expect(screen.getByText("Acme Travel")).toBeTruthy();
  });

  it("has no reseller reference row for a booking without one", () => {
    render(<PaymentCard b={{ ...partnerBooking, resellerReference: null }} />);
    expect(screen.queryByText("Reseller reference")).toBeNull();
  });
});
