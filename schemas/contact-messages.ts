// Kept apart from the zod schemas so the forms can import the wording without bundling zod.
/** Spec 1 section 8 wording shown by the forms. */
export const contactMessages = {
  landingSuccess: 'Your message has been sent successfully!',
  landingFailure: 'Something went wrong. Please try again.',
  landingNetwork: 'Network error. Please try later.',
  homeSuccess: 'Message sent successfully!',
  homeFailure: 'Failed to send message. Please try again later.',
} as const;
