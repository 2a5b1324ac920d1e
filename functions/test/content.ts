// The seed content, bundled into the test Worker (workerd has no file system).
import site from '#content/site.json';
import countries from '#content/countries.json';
import universities from '#content/universities.json';
import departments from '#content/departments.json';
import subjects from '#content/subjects.json';
import features from '#content/features.json';
import services from '#content/services.json';
import missionVision from '#content/mission-vision.json';
import about from '#content/about.json';
import offices from '#content/offices.json';
import team from '#content/team.json';
import employerCategories from '#content/employer-categories.json';
import recruitmentServices from '#content/recruitment-services.json';
import strategies from '#content/strategies.json';
import jobs from '#content/jobs.json';
import faq from '#content/faq.json';
import partners from '#content/partners.json';
import countryCosts from '#content/country-costs.json';
import cityCosts from '#content/city-costs.json';
import exchangeRates from '#content/exchange-rates.json';
import type { ContentFileName } from '#schemas/content.ts';

export const rawContent: Record<ContentFileName, unknown> = {
  'site.json': site,
  'countries.json': countries,
  'universities.json': universities,
  'departments.json': departments,
  'subjects.json': subjects,
  'features.json': features,
  'services.json': services,
  'mission-vision.json': missionVision,
  'about.json': about,
  'offices.json': offices,
  'team.json': team,
  'employer-categories.json': employerCategories,
  'recruitment-services.json': recruitmentServices,
  'strategies.json': strategies,
  'jobs.json': jobs,
  'faq.json': faq,
  'partners.json': partners,
  'country-costs.json': countryCosts,
  'city-costs.json': cityCosts,
  'exchange-rates.json': exchangeRates,
};
