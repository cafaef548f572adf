import { describe, expect, it } from "vitest";
import { composeMail } from "./mail-layout";
import { newContactMessageMail } from "~/community/staff-notes";

const sender = { legalName: "Nur Relief Trust", address: "7 Mosque Road, Leeds LS1 1AA", email: "giving@nur.example" };

describe("composeMail", () => {
  it("says the same in HTML and text, signed with the foundation's legal name and contact address", () => {
    const mail = composeMail(
      {
        subject: "Your receipt",
        greeting: "Dear Amina,",
        paragraphs: ["Thank you."],
        action: { label: "View receipt", url: "https://example.org/r/1" },
      },
      sender,
    );
    expect(mail.text).toBe(
      "Dear Amina,\n\nThank you.\n\nView receipt: https://example.org/r/1\n\n--\nNur Relief Trust\n7 Mosque Road, Leeds LS1 1AA\ngiving@nur.example",
    );
    expect(mail.html).toContain('<a href="https://example.org/r/1"');
    expect(mail.html).toContain("Nur Relief Trust");
    expect(mail.html).toContain("7 Mosque Road, Leeds LS1 1AA");
    expect(mail.html).toContain("giving@nur.example");
    expect(mail.html).not.toContain("Al-Amanah");
  });

  it("escapes what people typed, so a message cannot become markup", () => {
    const mail = composeMail(
      newContactMessageMail(
        { name: "<b>Eve</b>", email: "eve@example.org", message: 'Hi <script>alert("x")</script>\nline two' },
        "https://example.org/admin/contacts",
      ),
      sender,
    );
    expect(mail.html).not.toContain("<script>");
    expect(mail.html).toContain("&#60;script&#62;");
    expect(mail.html).toContain("line two");
    expect(mail.subject).toBe("New contact message from <b>Eve</b>");
    expect(mail.text).toContain('Hi <script>alert("x")</script>');
  });

  it("links an address in the foundation's own note", () => {
    const mail = composeMail(
      { subject: "Receipt", paragraphs: ["Thanks"], note: "Every gift: https://example.org/my-giving" },
      sender,
    );
    expect(mail.html).toContain(
      'Every gift: <a href="https://example.org/my-giving" style="color:#047857">https://example.org/my-giving</a>',
    );
  });

  it("leaves a sentence's full stop out of a link", () => {
    const mail = composeMail({ subject: "S", paragraphs: ["P"], note: "See https://example.org/my-giving." }, sender);
    expect(mail.html).toContain(
      '<a href="https://example.org/my-giving" style="color:#047857">https://example.org/my-giving</a>.',
    );
  });

  it("keeps a typed name with line breaks on one subject line", () => {
    const mail = composeMail(
      newContactMessageMail(
        { name: "Eve\r\nBcc: all@example.org", email: "eve@example.org", message: "Hi" },
        "https://example.org/admin/contacts",
      ),
      sender,
    );
    expect(mail.subject).toBe("New contact message from Eve Bcc: all@example.org");
  });
});
