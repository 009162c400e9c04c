import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";

import { WaiverAnswer } from "../src/app/(console)/bookings/[reference]/waiver-answer";

describe("WaiverAnswer", () => {
  it("opens an uploaded file in a new tab under its file name", () => {
    render(<WaiverAnswer type="FILE" value="https://files.example/waivers/Signed%20waiver.pdf" />);
    const link = screen.getByRole("link", { name: "Signed waiver.pdf" });
    expect(link.getAttribute("href")).toBe("https://files.example/waivers/Signed%20waiver.pdf");
    expect(link.getAttribute("target")).toBe("_blank");
    expect(link.getAttribute("rel")).toBe("noopener noreferrer");
  });

  it("shows a malformed file URL as plain text instead of failing the page", () => {
    const { container } = render(<WaiverAnswer type="FILE" value="https://x.example/%E0%A4%A" />);
    expect(container.textContent).toBe("https://x.example/%E0%A4%A");
    expect(screen.queryByRole("link")).toBeNull();
  });

  it("never turns a javascript: answer into a link", () => {
    const { container } = render(<WaiverAnswer type="FILE" value="javascript:alert(document.cookie)" />);
    expect(container.textContent).toBe("javascript:alert(document.cookie)");
    expect(container.querySelector("a")).toBeNull();
  });

  it("shows markup in a text answer as the characters typed", () => {
    const answer = '<img src="x" onerror="alert(1)"><b>bold</b>';
    const { container } = render(<WaiverAnswer type="TEXT" value={answer} />);
    expect(container.textContent).toBe(answer);
    expect(container.querySelector("img, b")).toBeNull();
  });

  it("reads yes/no, lists and missing answers", () => {
    const { container, rerender } = render(<WaiverAnswer type="BOOLEAN" value={true} />);
    expect(container.textContent).toBe("Yes");
    rerender(<WaiverAnswer type="MULTISELECT" value={["Kayak", "Paddle"]} />);
    expect(container.textContent).toBe("Kayak, Paddle");
    rerender(<WaiverAnswer type="FILE" value={null} />);
    expect(container.textContent).toBe("Not answered");
  });
});
