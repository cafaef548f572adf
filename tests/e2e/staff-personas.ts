import { withDatabase } from "./e2e-database";
import { E2E_ADMIN } from "./admin-credentials";

/** A member of staff the end-to-end specs sign in as: the owner's password, their own roles. */
export interface Persona {
  username: string;
  password: string;
  roles: string[];
}

let made = 0;

/**
 * A new active member of staff holding `roles` (none at all for `[]`), written straight into
 * the server's database with the owner's password hash, so that a spec needs no invitation.
 */
export async function newPersona(roles: string[], label = roles.join("-") || "no-role"): Promise<Persona> {
  made += 1;
  const username = `${label}-${process.pid}-${made}-${Date.now().toString(36)}`;
  await withDatabase((db) =>
    db.run(
      `insert into admins (username, password_hash, name, email, roles, active)
       select ?, password_hash, ?, ?, ?, 1 from admins where username = ?`,
      [username, `Persona ${label}`, `${username}@example.org`, roles.join(" "), E2E_ADMIN.username],
    ),
  );
  return { username, password: E2E_ADMIN.password, roles };
}
