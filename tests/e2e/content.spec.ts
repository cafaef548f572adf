import type { Page } from "@playwright/test";
import { identifyingMetadata, phonePhoto } from "../support/photos";
import { E2E_ADMIN, expect, test } from "./fixtures";
import { uniqueTitle } from "../support/unique";

/**
 * The content area's main flows in a real browser against the built server: staff publish, edit
 * and remove a story; a visitor's testimonial waits for approval and then reaches the
 * home page; a photo uploaded for the home page is shown without its GPS position; the
 * hero video opens in an accessible dialog. Tests in this file share the home page's
 * media slots, so they run in order.
 */
test.describe.configure({ mode: "serial" });

async function adminSection(page: Page, slotLabel: string) {
  return page.getByRole("region", { name: slotLabel, exact: true });
}

test.describe("stories", () => {
  test("a story is created in the modal, appears publicly, is edited and then deleted", async ({ adminPage: page }) => {
    const title = uniqueTitle("Bread for Gaza");
    await page.goto("/admin/stories");
    await page.getByRole("link", { name: "New story" }).click();
    const dialog = page.getByRole("dialog", { name: "New story" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel("Title")).toBeFocused();

    // An empty save is stopped in the form, with the reason beside each field.
    await dialog.getByRole("button", { name: "Save story" }).click();
    await expect(dialog.getByText("Title is required")).toBeVisible();
    await expect(dialog.getByText("Full content is required")).toBeVisible();

    await dialog.getByLabel("Title").fill(title);
    await dialog.getByLabel("Summary").fill("Five hundred loaves a day from a bakery your Sadaqa reopened.");
    await dialog
      .getByLabel("Full content")
      .fill("The bakery had been closed for a year.\n\nNow it bakes through the night.");
    await dialog.getByRole("button", { name: "Save story" }).click();
    await expect(page.getByText("Story saved.")).toBeVisible();
    await expect(dialog).toBeHidden();
    const row = page.getByRole("row", { name: new RegExp(title) });
    await expect(row).toContainText("Active");

    await page.goto("/stories");
    await page.getByRole("link", { name: `Read More about ${title}` }).click();
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    await expect(page.getByText("Now it bakes through the night.")).toBeVisible();
    const storyUrl = page.url();

    await page.goto("/admin/stories");
    await page.getByRole("link", { name: `Edit ${title}` }).click();
    const edit = page.getByRole("dialog", { name: `Edit story: ${title}` });
    await expect(edit.getByLabel("Title")).toHaveValue(title);
    await edit.getByLabel("Title").fill(`${title} (updated)`);
    await edit.getByRole("button", { name: "Save story" }).click();
    await expect(page.getByText("Story saved.")).toBeVisible();
    await page.goto(storyUrl);
    await expect(page.getByRole("heading", { level: 1, name: `${title} (updated)` })).toBeVisible();

    await page.goto("/admin/stories");
    const deleteLink = page.getByRole("link", { name: `Delete ${title} (updated)` });
    // Escape leaves the confirmation and puts the keyboard back on the Delete link.
    await deleteLink.click();
    await expect(page.getByText("Are you sure you want to delete this story?")).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(page.getByText("Are you sure you want to delete this story?")).toBeHidden();
    await expect(deleteLink).toBeFocused();
    await deleteLink.click();
    await expect(page.getByText("Are you sure you want to delete this story?")).toBeVisible();
    await page.getByRole("button", { name: "Yes, delete story" }).click();
    await expect(page.getByText("Story deleted.")).toBeVisible();
    await expect(page.getByRole("row", { name: new RegExp(title) })).toHaveCount(0);
    expect((await page.goto(storyUrl))!.status()).toBe(404);
    await page.goto("/stories");
    await expect(page.getByText(title)).toHaveCount(0);
  });

  test("without JavaScript the story form is a page that keeps what was typed when refused", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    expect((await page.request.post("/admin/login", { form: E2E_ADMIN, maxRedirects: 0 })).status()).toBe(302);
    const title = uniqueTitle("Orphan sponsorship");
    await page.goto("/admin/stories?new=1");
    const form = page.getByRole("region", { name: "New story" });
    await form.getByLabel("Title").fill(title);
    await form.getByLabel("Summary").fill("Forty children sponsored this winter.");
    await form.getByLabel("Photo URL").fill("https://example.org/not-a-photo");
    // The browser's own required check is the first line; the server's is the second.
    await form.getByLabel("Full content").evaluate((element) => element.removeAttribute("required"));
    await form.getByRole("button", { name: "Save story" }).click();
    await expect(page.getByText("Full content is required")).toBeVisible();
    await expect(page.getByText("Please enter a valid photo URL (jpg, jpeg, png, gif, webp, svg)")).toBeVisible();
    await expect(page.getByLabel("Title")).toHaveValue(title);
    await expect(page.getByLabel("Summary")).toHaveValue("Forty children sponsored this winter.");

    await page.getByLabel("Photo URL").fill("");
    await page.getByLabel("Full content").fill("Each has a mentor and a school place.");
    await page.getByLabel("Featured").check();
    await page.getByRole("button", { name: "Save story" }).click();
    await expect(page.getByText("Story saved.")).toBeVisible();
    await page.goto("/stories");
    await expect(page.getByRole("link", { name: `Read Full Story about ${title}` })).toBeVisible();
    await context.close();
  });
});

test.describe("testimonials", () => {
  test("a visitor's testimonial waits for approval, then appears on the home page", async ({ page, browser }) => {
    const name = uniqueTitle("Maryam");
    await page.goto("/testimonials");
    const form = page.getByRole("region", { name: "Share your experience" });
    // The page is sent without script: the browser itself asks for the missing name.
    await form.getByRole("button", { name: "Send" }).click();
    expect(await form.getByLabel("Your name").evaluate((input: HTMLInputElement) => input.validity.valueMissing)).toBe(
      true,
    );
    await expect(page).toHaveURL(/\/testimonials$/);
    await form.getByLabel("Your name").fill(name);
    await form.getByLabel("Country").fill("Jordan");
    await form.getByLabel("4 stars").check();
    await form.getByLabel("Your experience").fill("The winter parcels reached my street before the snow.");
    await form.getByRole("button", { name: "Send" }).click();
    // A new page (post, redirect, get), opened at the thanks, with an empty form.
    await expect(page).toHaveURL(/\/testimonials\?shared=1#share-title$/);
    await expect(form.getByRole("status")).toHaveText(
      "Thank you! Your testimonial will appear once our team has reviewed it.",
    );
    await expect(form.getByLabel("Your name")).toHaveValue("");
    await page.goto("/testimonials");
    await expect(page.getByText(name)).toHaveCount(0);

    const staff = await browser.newContext();
    const admin = await staff.newPage();
    expect((await admin.request.post("/admin/login", { form: E2E_ADMIN, maxRedirects: 0 })).status()).toBe(302);
    await admin.goto("/admin/testimonials");
    const pending = admin.getByRole("table", { name: "Pending testimonials" });
    await expect(pending.getByRole("row", { name: new RegExp(name) })).toBeVisible();
    await pending.getByRole("button", { name: `Approve testimonial from ${name}` }).click();
    await expect(admin.getByText("Testimonial approved: it now appears on the site.")).toBeVisible();
    const approved = admin.getByRole("table", { name: "Approved testimonials" });
    await expect(approved.getByRole("row", { name: new RegExp(name) })).toBeVisible();
    await expect(approved.getByRole("button", { name: `Approve testimonial from ${name}` })).toHaveCount(0);
    await staff.close();

    await page.goto("/");
    const section = page.getByRole("region", { name: "In Their Words" });
    await expect(section.getByText(name)).toBeVisible();
    await expect(section.getByText("The winter parcels reached my street before the snow.")).toBeVisible();
    await expect(section.getByRole("listitem")).toHaveCount(3);
  });
});

test.describe("testimonials without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the form answers on a new page that opens at its message", async ({ page }) => {
    await page.goto("/testimonials");
    const form = page.getByRole("region", { name: "Share your experience" });
    await form.getByLabel("Your name").fill("Bilal");
    await form.getByLabel("Your experience").evaluate((element) => element.removeAttribute("required"));
    await form.getByRole("button", { name: "Send" }).click();
    await expect(page).toHaveURL(/\/testimonials#share-title$/);
    await expect(form.getByText("Your experience is required")).toBeVisible();
    await expect(form.getByLabel("Your name")).toHaveValue("Bilal");
    await form.getByLabel("Your experience").fill("Kind people, quick help.");
    await form.getByRole("button", { name: "Send" }).click();
    await expect(
      form.getByText("Thank you! Your testimonial will appear once our team has reviewed it."),
    ).toBeInViewport();
  });
});

test.describe("homepage media", () => {
  test("a photo uploaded for a programme is shown on the home page without its GPS position", async ({
    adminPage: page,
  }) => {
    const original = await phonePhoto();
    expect(await identifyingMetadata(original)).toMatchObject({ exif: true, camera: true });
    await page.goto("/admin/media");
    const slot = await adminSection(page, "Emergency Relief image");
    await slot
      .getByLabel("Or upload a file")
      .setInputFiles({ name: "IMG_0001.jpg", mimeType: "image/jpeg", buffer: original });
    await slot.getByRole("button", { name: "Upload", exact: true }).click();
    await expect(page.getByText("Emergency Relief image updated.")).toBeVisible();
    await expect(slot.getByText(/^Now: [0-9a-f]{32}\.webp$/)).toBeVisible();

    await page.goto("/");
    const picture = page.getByRole("img", { name: "Emergency Relief" });
    await picture.scrollIntoViewIfNeeded();
    await expect(picture).toHaveAttribute("src", /^\/api\/uploads\/media\/images\/[0-9a-f]{32}(-\d+)?\.webp$/);
    await expect(picture).toHaveAttribute("srcset", /480w.*720w.*960w.*1600w/);
    await expect
      .poll(() => picture.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth))
      .toBeGreaterThan(0);
    const shown = await picture.evaluate((image: HTMLImageElement) => image.currentSrc);
    const served = await page.request.get(shown);
    expect(served.headers()["content-type"]).toBe("image/webp");
    expect(await identifyingMetadata(await served.body())).toEqual({
      exif: false,
      xmp: false,
      iptc: false,
      camera: false,
    });

    // Removing it asks first, then the programme's own picture comes back.
    await page.goto("/admin/media");
    await page.getByRole("link", { name: "Remove Emergency Relief image" }).click();
    await expect(page.getByText("Are you sure you want to remove this media?")).toBeVisible();
    await page.getByRole("button", { name: "Yes, remove" }).click();
    await expect(page.getByText("Emergency Relief image removed.")).toBeVisible();
    await page.goto("/");
    await expect(page.getByRole("img", { name: "Emergency Relief" })).toHaveAttribute(
      "src",
      "/images/programme-emergency-relief.svg",
    );
    // The photo is gone from the server too, not only from the page.
    expect((await page.request.get(shown)).status()).toBe(404);
  });

  test("a URL is checked as it is typed, and the save button waits for a valid one", async ({ adminPage: page }) => {
    await page.goto("/admin/media");
    const hero = await adminSection(page, "Hero video");
    const url = hero.getByLabel("Media URL");
    const save = hero.getByRole("button", { name: "Save", exact: true });
    await expect(save).toBeDisabled();
    await url.fill("https://example.org/clip.jpg");
    await expect(hero.getByText("Please enter a valid video URL (YouTube, Vimeo, or direct video file)")).toBeVisible();
    await expect(save).toBeDisabled();
    await url.fill("https://www.youtube.com/watch?v=dQw4w9WgXcQ");
    await expect(save).toBeEnabled();
    await save.click();
    await expect(page.getByText("Hero video updated.")).toBeVisible();
    await expect(hero.locator("iframe[src*='youtube-nocookie.com/embed/dQw4w9WgXcQ']")).toHaveCount(1);

    const gallery = await adminSection(page, "Gallery item 1");
    await gallery.getByLabel("Media URL").fill("https://vimeo.com/76979871");
    await expect(
      gallery.getByText("Please enter a valid photo URL (jpg, jpeg, png, gif, webp, svg) or YouTube video URL"),
    ).toBeVisible();
  });

  test("the hero video opens in a dialog only when asked, and Escape gives focus back", async ({ page }) => {
    const thirdParty: string[] = [];
    page.on("request", (request) => {
      const host = new URL(request.url()).hostname;
      if (host !== "127.0.0.1") thirdParty.push(request.url());
    });
    await page.goto("/");
    await page.waitForLoadState("networkidle");
    expect(thirdParty).toEqual([]);

    const play = page.getByRole("button", { name: "Watch how your giving helps" });
    await expect(play).toHaveAttribute("aria-haspopup", "dialog");
    await play.focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "Watch how your giving helps" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("button", { name: "Close" })).toBeFocused();
    await expect(dialog.locator("iframe")).toHaveAttribute("src", /youtube-nocookie\.com\/embed\/dQw4w9WgXcQ/);
    // A player still loading can swallow a Tab (the browser's doing, not the dialog's): let it load.
    await dialog.locator("iframe").evaluate(
      (frame) =>
        new Promise<void>((resolve) => {
          frame.addEventListener("load", () => resolve(), { once: true });
          setTimeout(resolve, 2000);
        }),
    );
    // Tab and Shift+Tab go round inside the dialog, never out of it.
    for (const key of ["Tab", "Tab", "Tab", "Tab", "Shift+Tab", "Shift+Tab", "Shift+Tab"]) {
      await page.keyboard.press(key);
      expect(await dialog.evaluate((element) => element.contains(document.activeElement)), key).toBe(true);
    }
    await dialog.getByRole("button", { name: "Close" }).focus();
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(play).toBeFocused();

    await page.keyboard.press("Space");
    await expect(dialog).toBeVisible();
    await page.getByRole("dialog").getByRole("button", { name: "Close" }).click();
    await expect(page.getByRole("dialog")).toBeHidden();
    await expect(play).toBeFocused();
  });
});

test.describe("public pages", () => {
  test("events are split into upcoming and past, and each offers a calendar file", async ({ page }) => {
    await page.goto("/events");
    await expect(page.getByRole("heading", { level: 2, name: "Upcoming Events" })).toBeVisible();
    const first = page.getByRole("link", { name: /^Learn More/ }).first();
    await first.click();
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    const download = page.waitForEvent("download");
    await page.getByRole("link", { name: "Add to calendar" }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^event-\d+\.ics$/);
  });

  test("the content pages fit a phone's width", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    for (const path of ["/", "/stories", "/events", "/testimonials"]) {
      await page.goto(path);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, path).toBeLessThanOrEqual(0);
    }
  });

  test("the admin content screens fit a phone's width", async ({ adminPage: page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    for (const path of [
      "/admin/stories",
      "/admin/events",
      "/admin/testimonials",
      "/admin/media",
      "/admin/stories?new=1",
    ]) {
      await page.goto(path);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, path).toBeLessThanOrEqual(0);
    }
  });

  test("a photo that fails to load says 'Media Not Available'", async ({ page }) => {
    await page.route("**/images/programme-orphan-care.svg", (route) => route.abort());
    await page.goto("/");
    const card = page
      .getByRole("listitem")
      .filter({ has: page.getByRole("heading", { name: "Orphan Care", exact: true }) });
    await card.scrollIntoViewIfNeeded();
    await expect(card.getByText("Media Not Available")).toBeVisible();
  });
});
