import { describe, expect, it } from "vitest";
import { BOM, csvCell, csvFileName, csvRow, csvStream, money, num } from "../../worker/http/csv";

describe("CSV cells", () => {
  it("quotes every text cell, doubling its quotes (RFC 4180), so no separator inside it starts a new cell", () => {
    expect(csvCell("plain text")).toBe('"plain text"');
    expect(csvCell("a,b")).toBe('"a,b"');
    expect(csvCell("a;b")).toBe('"a;b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell("two\nlines")).toBe('"two\nlines"');
    expect(csvCell("ends\r")).toBe('"ends\r"');
    expect(csvCell("")).toBe('""');
    expect(csvCell(null)).toBe("");
    expect(csvCell(undefined)).toBe("");
  });

  it("makes text that a spreadsheet would run as a formula inert with a leading apostrophe (OWASP)", () => {
    for (const start of ["=", "+", "-", "@", "\t", "\r", "\n"]) expect(csvCell(`${start}SUM(A1:A2)`)).toBe(`"'${start}SUM(A1:A2)"`);
    expect(csvCell('=HYPERLINK("http://x","y")')).toBe(`"'=HYPERLINK(""http://x"",""y"")"`);
    // Spaces before the formula do not hide it.
    expect(csvCell("  =1+1")).toBe(`"'  =1+1"`);
    expect(csvCell("\u00a0@SUM(A1)")).toBe(`"'\u00a0@SUM(A1)"`);
    // A formula right after a separator inside the cell, where another reader could start a cell.
    for (const sep of [",", ";", "\t", "\r", "\n"]) for (const f of ["=", "+", "-", "@"]) expect(csvCell(`Acme${sep} ${f}1+1`)).toBe(`"'Acme${sep} ${f}1+1"`);
    // Harmless text stays as it is.
    expect(csvCell("a=b")).toBe('"a=b"');
    expect(csvCell("Smith-Jones; Ltd")).toBe('"Smith-Jones; Ltd"');
    expect(csvCell("line one\r\nline two")).toBe('"line one\r\nline two"');
  });

  it("writes the product's own numbers as they are, negative ones included", () => {
    expect(csvCell(num(-3))).toBe("-3");
    expect(csvCell(-3)).toBe("-3");
    expect(csvCell(num(Number.NaN))).toBe("");
  });

  it("writes money in major units with two decimals", () => {
    expect(csvCell(money(125050))).toBe("1250.50");
    expect(csvCell(money(5))).toBe("0.05");
    expect(csvCell(money(-1999))).toBe("-19.99");
    expect(csvCell(money(0))).toBe("0.00");
    expect(money(null)).toBeNull();
  });

  it("ends each row with CRLF", () => {
    expect(csvRow(["a", num(1), null, "b,c"])).toBe('"a",1,,"b,c"\r\n');
  });
});

describe("csvStream", () => {
  it("sends the BOM and header, then reads each page only when asked, until there is no next", async () => {
    const asked: (number | undefined)[] = [];
    const stream = csvStream<number>(["n", "name"], async (cursor) => {
      asked.push(cursor);
      const at = cursor ?? 0;
      return { rows: [[num(at), `row ${at}`]], next: at < 2 ? at + 1 : undefined };
    });
    const reader = stream.getReader();
    const decoder = new TextDecoder("utf-8", { ignoreBOM: true });
    const first = await reader.read();
    expect(decoder.decode(first.value)).toBe(`${BOM}"n","name"\r\n`);
    expect(asked).toEqual([]);
    let rest = "";
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      rest += decoder.decode(value);
    }
    expect(rest).toBe('0,"row 0"\r\n1,"row 1"\r\n2,"row 2"\r\n');
    expect(asked).toEqual([undefined, 1, 2]);
  });
});

describe("an export's file name", () => {
  it("carries the reader's today in their zone, not the UTC day", () => {
    const lateUtc = new Date("2026-11-27T23:30:00Z");
    expect(csvFileName("jobs", "UTC", lateUtc)).toBe("jobs-2026-11-27.csv");
    expect(csvFileName("jobs", "Pacific/Auckland", lateUtc)).toBe("jobs-2026-11-28.csv");
    expect(csvFileName("jobs", "America/Los_Angeles", lateUtc)).toBe("jobs-2026-11-27.csv");
    const earlyUtc = new Date("2026-11-28T02:00:00Z");
    expect(csvFileName("scores", "UTC", earlyUtc)).toBe("scores-2026-11-28.csv");
    expect(csvFileName("scores", "America/Los_Angeles", earlyUtc)).toBe("scores-2026-11-27.csv");
    expect(csvFileName("scores", "Europe/Berlin", earlyUtc)).toBe("scores-2026-11-28.csv");
  });
});
