/**
 * The grants slice's server face: deciding a recommendation, paying and closing a grant (the
 * case page and the API call these), the grant as the case page shows it, and the figures the
 * dashboard and the transparency report read.
 */
export {
  approveApplication,
  closeApplication,
  declineApplication,
  grantOf,
  payApplication,
} from "./server/grants.server";
export { applicationFigures, householdsHelpedByCategory, type ApplicationFigures } from "./server/grant-figures.server";
