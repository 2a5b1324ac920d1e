import Tabs, { type TabPanel } from '../common/Tabs.tsx';

/** About / Requirements / Careers (spec 1 section 2.7). */
export default function SubjectTabs({ panels, name }: { panels: TabPanel[]; name: string }) {
  return <Tabs panels={panels} label={`${name} details`} />;
}
