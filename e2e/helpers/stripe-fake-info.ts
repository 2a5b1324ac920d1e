/** Where with-fake.ts writes the fake Stripe API's address for the browser tests (playwright.config.ts passes it on). */
export const stripeFakeInfo = '.wrangler/e2e/stripe-fake.json';
