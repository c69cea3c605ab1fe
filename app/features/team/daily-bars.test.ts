import { describe, expect, it } from "vitest";
import { countScale } from "./daily-bars";

describe("the daily charts' y scale", () => {
  it("is 0–1 when everything is zero, and whole numbers at 1, 2 or 5 × 10ⁿ steps otherwise", () => {
    expect(countScale(0)).toEqual({ top: 1, ticks: [0, 1] });
    expect(countScale(1)).toEqual({ top: 1, ticks: [0, 1] });
    expect(countScale(3)).toEqual({ top: 3, ticks: [0, 1, 2, 3] });
    expect(countScale(7)).toEqual({ top: 8, ticks: [0, 2, 4, 6, 8] });
    expect(countScale(1204)).toEqual({ top: 1500, ticks: [0, 500, 1000, 1500] });
  });
});
