/** The setup code every e2e server is started with; the workerSite fixture claims its site with it. */
export const E2E_SETUP_CODE = 'e2e-setup-code-0123456789';
