import { data, redirect } from "react-router";
import { ROLE_LABELS, type Admin } from "~/staff/accounts";
import { requireAdminApi, requireAdminPage } from "~/staff/sign-in/index.server";
import { SECURITY_PATH, SETUP_REQUIRED_MESSAGE } from "~/staff/two-factor";
import { mustSetUpTwoFactor } from "~/staff/two-factor/index.server";
import { apiError } from "~/lib/api.server";
import { adminContext, clientAddressContext } from "~/lib/request-context";
import { runAsActor } from "~/lib/request-actor.server";
import { meets, needFor, rolesNamed, type Need } from "../rules/route-access";

/** What every guard is handed: React Router's middleware arguments. */
interface GuardArgs {
  request: Request;
  url: URL;
  pattern: string;
  context: {
    set(key: typeof adminContext, value: Admin | null): void;
    get(key: typeof clientAddressContext): string;
  };
}
type Next = () => Promise<Response>;

/** What the admin area's refusal page needs to draw the frame around its words. */
export interface Refusal {
  detail: string;
  staff?: Pick<Admin, "name" | "username" | "roles">;
}

/** Where a person the site requires two-factor of may go before they have it: to set it up. */
const SETUP_PATHS = [SECURITY_PATH, "/admin/passkeys"];

/**
 * The admin area's guard, run before any screen's loader or action: a signed-out visitor goes
 * to sign-in (and comes back), a person whose roles do not meet the screen's need meets a 403
 * page inside the admin frame, and a screen that declares nothing is refused to everyone.
 */
export async function guardAdminArea({ request, url, pattern, context }: GuardArgs, next: Next): Promise<Response> {
  const need = needFor(pattern, request.method);
  const admin = await requireAdminPage(request, url);
  context.set(adminContext, admin);
  // The site requires two-factor and this person has none yet: the Security page first (or
  // Passkeys, since a passkey is a second factor too).
  const own = `/${pattern.replace(/^\//, "")}`;
  const settingUp = SETUP_PATHS.some((path) => own === path || own.startsWith(`${path}/`));
  if (!settingUp && (await mustSetUpTwoFactor(admin.id))) throw redirect(SECURITY_PATH);
  if (need !== undefined && meets(need, admin.roles)) return asPerson(admin, request, context, next);
  throw data({ detail: refusalWords(need, pattern), staff: frameOf(admin) } satisfies Refusal, { status: 403 });
}

/**
 * The API's guard, run before every /api handler: public routes pass as they are, the rest
 * need a signed-in person (401 otherwise) whose roles meet the route's need (403 otherwise).
 */
export async function guardApi({ request, pattern, context }: GuardArgs, next: Next): Promise<Response> {
  const need = needFor(pattern, request.method);
  if (need === "public") return next();
  const admin = await requireAdminApi(request);
  context.set(adminContext, admin);
  if (await mustSetUpTwoFactor(admin.id)) throw apiError(403, SETUP_REQUIRED_MESSAGE);
  if (need !== undefined && meets(need, admin.roles)) return asPerson(admin, request, context, next);
  throw apiError(403, refusalWords(need, pattern));
}

/** Runs the rest of the request as the person, so that what they write is recorded as theirs. */
function asPerson(admin: Admin, request: Request, context: GuardArgs["context"], next: Next): Promise<Response> {
  const actor = {
    id: admin.id,
    name: admin.name,
    address: context.get(clientAddressContext),
    userAgent: request.headers.get("User-Agent") ?? "",
  };
  return runAsActor(actor, next);
}

function refusalWords(need: Need | undefined, pattern: string): string {
  if (need === undefined) {
    // A route added without a line in ROUTE_ACCESS: refused to everyone until it says who may use it.
    console.error(`Access refused: ${pattern} declares no access in staff/access/rules/route-access.ts`);
    return "This part of the site does not say who may use it yet, so nobody may.";
  }
  const roles = rolesNamed(need).map((role) => ROLE_LABELS[role]);
  const who = roles.length ? `the ${listed(roles)} role` : "a member of staff";
  return `This needs ${who}${roles.includes("Owner") ? "" : " (or an owner)"}. Ask an owner if you need it.`;
}

function listed(words: string[]): string {
  return words.length < 2 ? words.join("") : `${words.slice(0, -1).join(", ")} or ${words.at(-1)}`;
}

function frameOf(admin: Admin): Refusal["staff"] {
  return { name: admin.name, username: admin.username, roles: admin.roles };
}
