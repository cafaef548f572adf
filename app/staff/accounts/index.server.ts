export { runAdminPasswordCli } from "./server/admin-password-cli.server";
export {
  ADMIN_COLUMNS,
  adminFromRow,
  type Admin,
  ensureFirstAdmin,
  findAdminById,
  InvalidCredentialsError,
  signInAdmin,
  signOutEverywhere,
} from "./server/admins.server";
