/** A member of staff who signs in to the admin area: all that a screen or a check needs to know. */
export interface Admin {
  id: number;
  username: string;
}
