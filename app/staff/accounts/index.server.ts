export { runAdminPasswordCli } from "./server/admin-password-cli.server";
export {
  ADMIN_COLUMNS,
  adminFromRow,
  type Admin,
  ensureFirstAdmin,
  findAdminById,
  InvalidCredentialsError,
  signInAdmin,
} from "./server/admins.server";
