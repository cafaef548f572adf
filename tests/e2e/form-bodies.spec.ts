import { expect, test } from "./fixtures";

/**
 * Page and admin actions over real HTTP: a post that is not a web form gets the site's
 * error page with the reason (415 or 400), and a `.data` caller gets the same `{detail}`
 * in React Router's own encoding; never a 500.
 */
const NOT_A_WEB_FORM =
  "This form must be sent as a web form (application/x-www-form-urlencoded or multipart/form-data), but it was sent as text/plain.";
const CUT_SHORT =
  '--XyZ\r\nContent-Disposition: form-data; name="email"\r\n\r\na@b.org\r\n--XyZ\r\nContent-Disposition: form-da';

test.describe("posts that are not web forms", () => {
  test("a browser posting a text/plain form sees the error page saying why, with 415", async ({ page }) => {
    await page.goto("/newsletter");
    // An HTML form may really send text/plain: the one way a browser can get this wrong.
    const answer = page.waitForResponse((response) => response.request().method() === "POST");
    await page.evaluate(() => {
      const form = Object.assign(document.createElement("form"), {
        method: "post",
        action: "/newsletter",
        enctype: "text/plain",
      });
      form.append(Object.assign(document.createElement("input"), { name: "email", value: "reader@example.org" }));
      document.body.append(form);
      form.submit();
    });
    expect((await answer).status()).toBe(415);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("415 Unsupported Media Type");
    await expect(page.getByText(NOT_A_WEB_FORM)).toBeVisible();
    await expect(page.getByRole("link", { name: "Return to Home" })).toBeVisible();
  });

  test("a page and its .data address answer 415 and 400 with {detail}", async ({ request }) => {
    for (const path of ["/contact", "/contact.data"]) {
      const plain = await request.post(path, {
        headers: { "Content-Type": "text/plain" },
        data: "email=a@b.org",
        maxRedirects: 0,
      });
      expect(plain.status(), path).toBe(415);
      const bare = await request.post(path, {
        headers: { "Content-Type": "" },
        data: "email=a@b.org",
        maxRedirects: 0,
      });
      expect(bare.status(), path).toBe(415);
      const json = await request.post(path, { data: { email: "a@b.org" }, maxRedirects: 0 });
      expect(json.status(), path).toBe(415);
      const cut = await request.post(path, {
        headers: { "Content-Type": "multipart/form-data; boundary=XyZ" },
        data: CUT_SHORT,
        maxRedirects: 0,
      });
      expect(cut.status(), path).toBe(400);
      const wrongBoundary = await request.post(path, {
        headers: { "Content-Type": "multipart/form-data; boundary=AbC" },
        data: `${CUT_SHORT}ta\r\n--XyZ--\r\n`,
        maxRedirects: 0,
      });
      expect(wrongBoundary.status(), path).toBe(400);
    }
    const page = await request.post("/contact", { headers: { "Content-Type": "text/plain" }, data: "x" });
    expect(await page.text()).toContain(NOT_A_WEB_FORM);
    const data = await request.post("/contact.data", { headers: { "Content-Type": "text/plain" }, data: "x" });
    expect(await data.text()).toContain(`"detail","${NOT_A_WEB_FORM}"`);
  });

  test("a signed-in admin screen refuses a JSON post the same way", async ({ adminPage }) => {
    for (const path of ["/admin/stories", "/admin/stories.data", "/admin/settings"]) {
      const response = await adminPage.request.post(path, { data: { title: "x" }, maxRedirects: 0 });
      expect(response.status(), path).toBe(415);
    }
    const upload = await adminPage.request.post("/admin/media", {
      headers: { "Content-Type": "multipart/form-data; boundary=XyZ" },
      data: CUT_SHORT,
      maxRedirects: 0,
    });
    expect(upload.status()).toBe(400);
  });
});
