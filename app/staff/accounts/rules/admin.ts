import type { Role } from "./roles";

/** A member of staff who signs in to the admin area: all that a screen or a check needs to know. */
export interface Admin {
  id: number;
  username: string;
  /** Their own name; the username when the account was made before names were asked for. */
  name: string;
  email: string;
  roles: Role[];
}
