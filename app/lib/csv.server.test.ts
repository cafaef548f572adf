import { describe, expect, it } from "vitest";
import { csvResponse } from "./csv.server";

interface Row {
  id: number;
  name: string;
}

const columns = [
  { header: "ID", value: (row: Row) => row.id },
  { header: "Name", value: (row: Row) => row.name },
];

async function* batches(...groups: Row[][]) {
  for (const group of groups) yield group;
}

describe("csvResponse", () => {
  it("is a UTF-8 attachment with a byte order mark and a header row", async () => {
    const response = await csvResponse("donations.csv", columns, batches([{ id: 1, name: "Fāṭima" }]));
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toBe('attachment; filename="donations.csv"');
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder().decode(bytes.slice(3))).toBe("ID,Name\n1,Fāṭima\n");
  });

  it("quotes commas, quotes and line breaks", async () => {
    const text = await (await csvResponse("x.csv", columns, batches([{ id: 1, name: 'Khan, "Sr."\nLondon' }]))).text();
    // (text() drops the byte order mark, as spreadsheets do.)
    expect(text).toBe('ID,Name\n1,"Khan, ""Sr.""\nLondon"\n');
  });

  it("neutralises cells a spreadsheet would run as a formula", async () => {
    const names = ['=HYPERLINK("http://evil")', "+1+1", "-2+3", "@SUM(A1)", "\tcmd", "\rcmd", "Plain"];
    const text = await (
      await csvResponse("x.csv", columns, batches(names.map((name, index) => ({ id: index, name }))))
    ).text();
    const cells = text
      .replace(/^\ufeff/, "")
      .trim()
      .split("\n")
      .slice(1);
    expect(cells).toEqual([
      '0,"\'=HYPERLINK(""http://evil"")"',
      "1,'+1+1",
      "2,'-2+3",
      "3,'@SUM(A1)",
      "4,'\tcmd",
      '5,"\'\rcmd"',
      "6,Plain",
    ]);
  });

  it("streams batch after batch: every row arrives, in order", async () => {
    const many = Array.from({ length: 50 }, (_, batch) =>
      Array.from({ length: 100 }, (_, i) => ({ id: batch * 100 + i, name: `Donor ${batch * 100 + i}` })),
    );
    const lines = (await (await csvResponse("x.csv", columns, batches(...many))).text()).trim().split("\n");
    expect(lines).toHaveLength(5001);
    expect(lines[1]).toBe("0,Donor 0");
    expect(lines.at(-1)).toBe("4999,Donor 4999");
  });

  it("fails before answering when the first batch cannot be read, so no cut-off download is sent", async () => {
    const failing: AsyncIterable<{ id: number; name: string }[]> = {
      [Symbol.asyncIterator]: () => ({ next: () => Promise.reject(new Error("no such table")) }),
    };
    await expect(csvResponse("x.csv", columns, failing)).rejects.toThrow("no such table");
  });
});
