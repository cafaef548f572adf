import { describe, expect, it } from "vitest";
import { composeMail } from "./mail-layout";
import { newContactMessageMail } from "./staff-notifications";

describe("composeMail", () => {
  it("says the same in HTML and text, with the foundation's name and contact address", () => {
    const mail = composeMail({ subject: "Your receipt", greeting: "Dear Amina,", paragraphs: ["Thank you."], action: { label: "View receipt", url: "https://example.org/r/1" } });
    expect(mail.text).toBe(
      "Dear Amina,\n\nThank you.\n\nView receipt: https://example.org/r/1\n\n--\nAl-Amanah Foundation\n123 Charity Lane, Suite 100, Springfield, ST 00000\ninfo@example.org",
    );
    expect(mail.html).toContain('<a href="https://example.org/r/1"');
    expect(mail.html).toContain("Al-Amanah Foundation");
    expect(mail.html).toContain("info@example.org");
  });

  it("escapes what people typed, so a message cannot become markup", () => {
    const mail = newContactMessageMail({ name: "<b>Eve</b>", email: "eve@example.org", message: 'Hi <script>alert("x")</script>\nline two' }, "https://example.org/admin/contacts");
    expect(mail.html).not.toContain("<script>");
    expect(mail.html).toContain("&#60;script&#62;");
    expect(mail.html).toContain("line two");
    expect(mail.subject).toBe("New contact message from <b>Eve</b>");
    expect(mail.text).toContain('Hi <script>alert("x")</script>');
  });
});
