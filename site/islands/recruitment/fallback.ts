import type { RecruitmentServicesRecord } from '#schemas/recruitment.ts';

/** The services section's built-in default, kept until server data arrives (and if it never does). */
export const builtInServices: RecruitmentServicesRecord = {
  _id: 'built-in',
  title: 'Recruitment and Staffing Services',
  description:
    'We help employers find reliable people and help job seekers find the right role, in the UK and across Europe.',
  mainImage: '/images/recruitment/main.svg',
  mainImageAlt: 'Recruiters and candidates meeting at an interview table',
  services: [
    {
      _id: 'permanent-recruitment',
      title: 'Permanent Recruitment',
      description:
        'Sourcing and shortlisting candidates for permanent roles, with references and right-to-work checks.',
      icon: 'users',
    },
    {
      _id: 'temporary-staffing',
      title: 'Temporary and Seasonal Staffing',
      description: 'Flexible teams for peak seasons, events and cover, at short notice.',
      icon: 'refresh',
    },
    {
      _id: 'work-permit-hiring',
      title: 'International Work-Permit Hiring',
      description:
        'End-to-end support for hiring candidates from abroad through recognised work-permit routes.',
      icon: 'globe',
    },
  ],
};
