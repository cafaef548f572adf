import { rmSync, writeFileSync } from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import * as applyPage from "~/applications/apply/routes/apply";
import * as resumePage from "~/applications/apply/routes/apply-resume";
import * as myApplicationPage from "~/applications/my-application/routes/my-application";
import * as signInPage from "~/applications/my-application/routes/my-application-sign-in";
import {
  APPLICATIONS_CLOSED,
  applicationsOpen,
  refuseWhileApplicationsClosed,
} from "~/applications/privacy/index.server";
import { DataKeyError } from "~/lib/data-encryption.server";
import { dataKeyFile } from "~/lib/data-keys.server";
import { getDb } from "~/lib/db.server";
import { ErrorBoundary } from "~/root";
import { callRoute, unwrapData } from "../../../../tests/support/routes";
import { screenText } from "../../../../tests/support/screens";
import { testEngine } from "../../../../tests/support/database-engine";
import { KEY_A, useKeys } from "./privacy-fixtures";

/**
 * A site that cannot seal a family's application (a PostgreSQL site started without
 * DATA_ENCRYPTION_KEY, decision 168) says so on the family's pages with a 503, never a 500.
 */
const noKey = () => {
  throw new DataKeyError("DATA_ENCRYPTION_KEY is required with a postgres:// DATABASE_URL");
};

describe("the guard", () => {
  it("is open with a key ring, closed when the ring cannot be had, and lets other errors through", () => {
    expect(applicationsOpen(() => ({}))).toBe(true);
    expect(applicationsOpen(noKey)).toBe(false);
    expect(() => refuseWhileApplicationsClosed(() => ({}))).not.toThrow();
    let thrown: unknown;
    try {
      refuseWhileApplicationsClosed(noKey);
    } catch (error) {
      thrown = error;
    }
    const answer = unwrapData(thrown);
    expect(answer.status).toBe(503);
    expect(answer.data).toEqual(APPLICATIONS_CLOSED);
    expect(APPLICATIONS_CLOSED.detail).toContain("We cannot take applications for help on this site yet");
    expect(() =>
      applicationsOpen(() => {
        throw new Error("the disk is full");
      }),
    ).toThrow("the disk is full");
  });
});

describe("the family's pages without the data key", () => {
  afterEach(() => {
    if (testEngine() === "sqlite") rmSync(dataKeyFile(), { force: true });
    useKeys({ DATA_ENCRYPTION_KEY: KEY_A });
  });

  it("answer 503 with the sentence: the first step, its post, the resume link, My application and its sign-in", async () => {
    await getDb().deleteFrom("application_drafts").execute();
    useKeys({});
    // SQLite makes a key when none is set: a key file it cannot read stands for the missing key there.
    if (testEngine() === "sqlite") writeFileSync(dataKeyFile(), "not a key\n");
    const answers = [
      await callRoute(applyPage.loader, "/get-help/apply"),
      await callRoute(applyPage.action, "/get-help/apply", {
        form: { intent: "next", step: "applicant", name: "Amina", email: "amina@example.org" },
      }),
      await callRoute(resumePage.loader, "/get-help/apply/resume/x", { params: { token: "x" } }),
      await callRoute(myApplicationPage.loader, "/my-application"),
      await callRoute(myApplicationPage.action, "/my-application", {
        form: { intent: "send-link", email: "amina@example.org" },
      }),
      await callRoute(signInPage.action, "/my-application/sign-in", { form: { token: "x" } }),
    ];
    for (const answer of answers) {
      const { status, data } = unwrapData(answer);
      expect(status).toBe(503);
      expect(data).toEqual(APPLICATIONS_CLOSED);
    }
  });
});

describe("the page a family reads", () => {
  it("is the site's error page with the heading and the sentence, not 'Something went wrong'", async () => {
    const closedPage = {
      default: () => null,
      // As the framework hands the site's error page what a loader threw with data().
      loader: () => {
        throw new Response(JSON.stringify(APPLICATIONS_CLOSED), {
          status: 503,
          headers: { "Content-Type": "application/json" },
        });
      },
      ErrorBoundary,
    };
    const text = await screenText(closedPage as never, "/get-help/apply");
    expect(text).toContain("Applications are not open yet");
    expect(text).toContain("We cannot take applications for help on this site yet");
    expect(text).not.toContain("Something went wrong");
  });
});
