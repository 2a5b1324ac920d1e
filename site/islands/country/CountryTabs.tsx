import Tabs, { type TabPanel } from '../common/Tabs.tsx';

/** The four country tabs (spec 1 section 2.6). */
export default function CountryTabs({ panels, name }: { panels: TabPanel[]; name: string }) {
  return (
    <section className="section" aria-labelledby="about-country-title">
      <div className="container">
        <h2 id="about-country-title">About {name}</h2>
        <Tabs panels={panels} label={`About ${name}`} />
      </div>
    </section>
  );
}
