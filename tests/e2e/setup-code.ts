/** The setup code the shared e2e server is started with; global setup claims the site with it. */
export const E2E_SETUP_CODE = 'e2e-setup-code-0123456789';
