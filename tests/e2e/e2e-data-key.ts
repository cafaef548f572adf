/**
 * The data key the end-to-end server seals personal data with (DATA_ENCRYPTION_KEY), so a spec
 * can write an applicant's sealed rows straight into its database as the server would.
 */
export const E2E_DATA_ENCRYPTION_KEY = "e2e0e2e0e2e0e2e0e2e0e2e0e2e0e2e0e2e0e2e0e2e0e2e0e2e0e2e0e2e0e2e0";
