/** The academic statuses a student chooses from, at registration and when completing a profile. */
export const academicStatuses = [
  'High School Student',
  'Undergraduate Student',
  'Graduate',
  'Postgraduate Student',
  'Working Professional',
  'Other',
];
