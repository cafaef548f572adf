import type { Download, Locator, Page } from "@playwright/test";
import { expect } from "./fixtures";

/** What specs do with the admin's lists and public forms: find a row, read a figure, search, export. */

export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

export function rowOf(page: Page, text: string): Locator {
  return page.getByRole("row", { name: new RegExp(escapeRegExp(text)) });
}

export async function figure(locator: Locator): Promise<number> {
  return Number((await locator.innerText()).replace(/[^\d]/g, ""));
}

/** The form's address loses its no-JavaScript #anchor once React has taken the page over. */
export async function waitForHydration(page: Page, formId: string, action: string) {
  await expect(page.locator(`form#${formId}`)).toHaveAttribute("action", action);
}

export async function searchList(page: Page, label: string, term: string) {
  await page.getByLabel(label).fill(term);
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`search=${escapeRegExp(encodeURIComponent(term))}`));
}

async function csvLines(download: Download): Promise<{ bom: boolean; lines: string[] }> {
  const text = (await (await download.createReadStream()).toArray()).join("");
  return {
    bom: text.startsWith("\ufeff"),
    lines: text
      .replace(/^\ufeff/, "")
      .trim()
      .split(/\r?\n/),
  };
}

export async function exportCsv(page: Page, filename: string) {
  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Export CSV" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(filename);
  return csvLines(file);
}
