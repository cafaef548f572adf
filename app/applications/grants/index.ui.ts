/** The grants slice's panel on the case page: a placeholder until the slice is built. */
export function GrantPanel(_props: { grant: unknown; caseRef: string; viewer: unknown }): null {
  return null;
}
