export { runAdminPasswordCli } from "./server/admin-password-cli.server";
export {
  type Admin,
  ensureFirstAdmin,
  findAdminById,
  InvalidCredentialsError,
  signInAdmin,
} from "./server/admins.server";
