import type { FeatureItem, MissionVisionContent, ServiceItem } from '#schemas/site-content.ts';

/**
 * Built-in content used when a call fails (spec 1 sections 3, 4 and 8): six features, three
 * services, the mission/vision block and six partner schools.
 */
export interface PartnerSchool {
  id: string;
  name: string;
  logo: string;
  location: string;
}

const g = { gradientFrom: '#00C9FF', gradientTo: '#92FE9D' };

export const fallbackFeatures: FeatureItem[] = [
  {
    ...g,
    title: 'Free Admissions Support',
    image: '/images/features/admissions.svg',
    icon: 'graduation-cap',
    learnMoreLink: '/student-addmission-information',
    description:
      'Our advisers help with every part of your university application at no cost to you, from shortlisting programmes and checking entry requirements to reviewing your personal statement and tracking offers.',
  },
  {
    ...g,
    title: 'Right-fit University Selection',
    image: '/images/features/selection.svg',
    icon: 'compass',
    learnMoreLink: '/destinations',
    description:
      'We compare programmes against your grades, budget and career plans, so your shortlist includes ambitious, realistic and safe choices, with tuition, living costs and intakes side by side.',
  },
  {
    ...g,
    title: 'Visa Guidance You Can Trust',
    image: '/images/features/visa.svg',
    icon: 'passport',
    learnMoreLink: '/support',
    description:
      'We explain the documents you need, check your financial evidence and offer details, and prepare you for interviews, so you submit a complete visa application with confidence.',
  },
  {
    ...g,
    title: 'Scholarship and Funding Help',
    image: '/images/features/scholarships.svg',
    icon: 'award',
    learnMoreLink: '/scholarships',
    description:
      'We find the scholarships, bursaries and tuition discounts you are eligible for and help you meet every deadline, so studying abroad costs less than you think.',
  },
  {
    ...g,
    title: 'Pre-departure Preparation',
    image: '/images/features/departure.svg',
    icon: 'plane',
    learnMoreLink: '/support',
    description:
      'Briefings on travel, accommodation, banking, healthcare and culture prepare you for life in a new country, and introduce you to other students heading the same way.',
  },
  {
    ...g,
    title: 'Careers and Placement Support',
    image: '/images/features/careers.svg',
    icon: 'briefcase',
    learnMoreLink: '/recruitments',
    description:
      'Our recruitment team helps you find part-time work while you study and graduate roles afterwards, with CV reviews and introductions to employers who hire international talent.',
  },
];

export const fallbackServices: ServiceItem[] = [
  {
    _id: 'visa-application-support',
    title: 'Visa Application Support',
    icon: '/images/services/visa.svg',
    iconBg: '#E0F7FF',
    link: '/support',
    isNew: false,
    isActive: true,
    description:
      'Step-by-step help with student and work visas for the UK, US, Canada, Australia and Europe: document checklists, financial evidence reviews, form checks and mock interviews.',
  },
  {
    _id: 'study-to-pr-pathways',
    title: 'Study-to-PR Pathways',
    icon: '/images/services/pathways.svg',
    iconBg: '#E6FCEB',
    link: '/support',
    isNew: true,
    isActive: true,
    description:
      'Plan your studies with the long term in mind. We explain how post-study work routes can lead towards skilled work and, where eligible, permanent residence.',
  },
  {
    _id: 'abroad-education-advisory',
    title: 'Abroad Education Advisory',
    icon: '/images/services/advisory.svg',
    iconBg: '#EEF2FF',
    link: '/destinations',
    isNew: false,
    isActive: true,
    description:
      'Impartial advice on countries, universities and programmes that fit your goals and budget, from your first question to your enrolment day.',
  },
];

export const fallbackPartners: PartnerSchool[] = [
  {
    id: 'university-of-leeds',
    name: 'University of Leeds',
    logo: '/images/universities/university-of-leeds-logo.svg',
    location: 'Leeds, United Kingdom',
  },
  {
    id: 'university-of-manchester',
    name: 'University of Manchester',
    logo: '/images/universities/university-of-manchester-logo.svg',
    location: 'Manchester, United Kingdom',
  },
  {
    id: 'university-of-toronto',
    name: 'University of Toronto',
    logo: '/images/universities/university-of-toronto-logo.svg',
    location: 'Toronto, Canada',
  },
  {
    id: 'monash-university',
    name: 'Monash University',
    logo: '/images/universities/monash-university-logo.svg',
    location: 'Melbourne, Australia',
  },
  {
    id: 'technical-university-of-munich',
    name: 'Technical University of Munich',
    logo: '/images/universities/technical-university-of-munich-logo.svg',
    location: 'Munich, Germany',
  },
  {
    id: 'trinity-college-dublin',
    name: 'Trinity College Dublin',
    logo: '/images/universities/trinity-college-dublin-logo.svg',
    location: 'Dublin, Ireland',
  },
];

export const fallbackMissionVision: MissionVisionContent = {
  sectionTitle: { subtitle: 'Who we are', title: 'Our Mission and Vision' },
  mission: {
    title: 'Our Mission',
    description:
      'To give every student and job seeker honest, expert guidance that turns an ambition to study or work abroad into a clear plan and a successful move.',
    points: [
      'Free, impartial admissions support for every student',
      'Clear advice on visas, funding and costs, with no hidden fees',
      'Ethical recruitment that puts candidates first',
      'Support that continues after arrival',
    ],
  },
  vision: {
    title: 'Our Vision',
    description:
      'A world where talent moves freely to the classrooms and workplaces where it can thrive. By 2030, we aim to:',
    goals: [
      { number: '10+', text: 'partner institutions working with us each year' },
      { number: '50+', text: 'candidates placed with trusted employers every year' },
      { number: '100%', text: 'guidance for every student, from first enquiry to arrival' },
    ],
  },
  values: {
    title: 'Our Core Values',
    items: [
      {
        icon: 'shield',
        title: 'Integrity',
        desc: 'Honest advice, even when it means recommending a different route.',
      },
      { icon: 'heart', title: 'Care', desc: 'Every student and candidate is a person, not a file number.' },
      { icon: 'star', title: 'Excellence', desc: 'Accurate, current guidance on admissions and visa rules.' },
      { icon: 'users', title: 'Partnership', desc: 'Long-term relationships built on trust.' },
    ],
  },
  missionTitle: 'Turning Aspirations into Achievements',
  visionTitle: 'Opening Doors to Global Opportunity',
  missionDescription:
    'We guide students, job seekers and employers across borders with honest advice and practical support at every step.',
};

/** About defaults (spec 1 section 9). */
export const fallbackStats = {
  yearsExperience: 13,
  projectsChallenged: 23,
  positiveReviews: 830,
  trustedStudents: 100000,
};
