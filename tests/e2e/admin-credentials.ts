/** The admin the end-to-end server is started with (ADMIN_USERNAME / ADMIN_PASSWORD). */
export const E2E_ADMIN = { username: "admin", password: "e2e-admin-password" };
