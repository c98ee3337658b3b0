/** The dev mailbox key of the end-to-end test server (playwright.config.ts gives it to the server). */
export const E2E_MAILBOX_KEY = 'e2e-dev-mailbox-key-0123456789'
