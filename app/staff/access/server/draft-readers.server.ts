import { authorizeAdmin } from "~/staff/sign-in/index.server";
import { meets, needFor } from "../rules/route-access";

/**
 * Who reads public content as its writers do (inactive stories, testimonials awaiting approval,
 * draft appeals, the names behind the rates register): staff whose roles may write at
 * `writtenAt`, the API route that writes it, as the access table says (an editor for stories,
 * finance for rates, owners for all). Anyone else, staff of other roles included, reads what
 * visitors read.
 */
export async function readerOf(request: Request, writtenAt: string): Promise<{ staff: boolean }> {
  const writers = needFor(writtenAt, "POST");
  if (writers === undefined || writers === "public") return { staff: false };
  const found = await authorizeAdmin(request);
  return { staff: Boolean(found && meets(writers, found.admin.roles)) };
}
