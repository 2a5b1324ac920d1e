import type { JobSummary, RecruitmentServicesRecord } from '../../../schemas/recruitment.ts';

/** The two built-in jobs, shown only when the list call fails (spec 2 section 4). */
export const builtInJobs: JobSummary[] = [
  {
    _id: 'warehouse-operative-rotterdam',
    title: 'Warehouse Operative',
    description: 'Pick, pack and load customer orders in a modern distribution centre. Full training and safety equipment are provided.',
    category: 'Transportation',
    company: 'Nordhaven Logistics B.V.',
    location: 'Rotterdam, Netherlands',
    startDate: '2027-01-18',
    endDate: '2027-12-31',
    recruitmentType: 'Work Permit',
  },
  {
    _id: 'construction-labourer-tallinn',
    title: 'Construction Labourer',
    description: 'Support skilled trades on residential building sites: site preparation, materials handling and general labouring.',
    category: 'Construction',
    company: 'Baltic Build OÜ',
    location: 'Tallinn, Estonia',
    startDate: '2027-02-01',
    endDate: '2027-11-30',
    recruitmentType: 'Work Permit',
  },
];

/** The services section's built-in default, kept until server data arrives (and if it never does). */
export const builtInServices: RecruitmentServicesRecord = {
  _id: 'built-in',
  title: 'Recruitment and Staffing Services',
  description: 'We help employers find reliable people and help job seekers find the right role, in the UK and across Europe.',
  mainImage: '/images/recruitment/main.svg',
  services: [
    { _id: 'permanent-recruitment', title: 'Permanent Recruitment', description: 'Sourcing and shortlisting candidates for permanent roles, with references and right-to-work checks.', icon: 'users' },
    { _id: 'temporary-staffing', title: 'Temporary and Seasonal Staffing', description: 'Flexible teams for peak seasons, events and cover, at short notice.', icon: 'refresh' },
    { _id: 'work-permit-hiring', title: 'International Work-Permit Hiring', description: 'End-to-end support for hiring candidates from abroad through recognised work-permit routes.', icon: 'globe' },
  ],
};
