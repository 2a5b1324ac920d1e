import { ownStack } from '../../scripts/lib/e2e-stacks.ts';

/** Where with-fake.ts writes this worker's fake Stripe API address (playwright.config.ts passes it on). */
export const stripeFakeInfo = ownStack.stripeFakeInfo;
