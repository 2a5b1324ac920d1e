import type { JobSummary } from '#schemas/recruitment.ts';

// Its own module: JobList loads it only when the list call fails, so the jobs are not in the
// JavaScript every recruitment page loads (the page-weight budget, docs/performance.md).

/** The two built-in jobs, shown only when the list call fails (spec 2 section 4). */
export const builtInJobs: JobSummary[] = [
  {
    _id: 'warehouse-operative-rotterdam',
    title: 'Warehouse Operative',
    description:
      'Pick, pack and load customer orders in a modern distribution centre. Full training and safety equipment are provided.',
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
    description:
      'Support skilled trades on residential building sites: site preparation, materials handling and general labouring.',
    category: 'Construction',
    company: 'Baltic Build OÜ',
    location: 'Tallinn, Estonia',
    startDate: '2027-02-01',
    endDate: '2027-11-30',
    recruitmentType: 'Work Permit',
  },
];
