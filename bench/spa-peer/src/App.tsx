import { useEffect, useState } from 'react';

interface Country { _id: string; name: string; image: string; details: string; capital: string; about: { countryOverview: string[]; educationSystem: string[]; studentLife: string[]; visaInfo: string[] } }
interface Subject { _id: string; name: string; image: string; university: string; location: string; description: string[]; degreeType: string; duration: string; basePrice: number | null; currency: string; countryId: string; studyPlan: { degree: string; duration: string; intake: string }; entryRequirements: { description: string; academicRequirements: string[]; englishLanguageRequirements: string[] }; careerProspects: { description: string; careerPaths: string[] } }
interface Feature { _id: string; title: string; description: string; image: string }

function useApi<T>(path: string | undefined) {
  const [data, setData] = useState<T>();
  const [error, setError] = useState<string>();
  useEffect(() => {
    if (!path) return;
    fetch(path).then((r) => (r.ok ? r.json() : Promise.reject(new Error(`Status: ${r.status}`)))).then(setData, (e: Error) => setError(e.message));
  }, [path]);
  return { data, error };
}

const price = (s: Subject) => (s.basePrice ? new Intl.NumberFormat('en-GB', { style: 'currency', currency: s.currency, maximumFractionDigits: 0 }).format(s.basePrice) + ' / Year' : '$10,000 / Year');

function Header() {
  return (
    <header className="peer-header">
      <a href="/peer" className="peer-brand">Study and Work Abroad</a>
      <nav aria-label="Main"><a href="/peer">Home</a> <a href="/peer/country?id=united-kingdom">United Kingdom</a></nav>
    </header>
  );
}

function Home() {
  const subjects = useApi<Subject[]>('/api/subjects');
  const countries = useApi<Country[]>('/api/countries');
  const features = useApi<Feature[]>('/api/features');
  return (
    <main>
      <section className="peer-hero">
        <h1>Ignite Your Career With Study and Work Abroad</h1>
        <p>Free university application support, work-abroad placements and recruitment.</p>
        <a className="peer-button" href="/peer/country?id=united-kingdom">Start Your Journey</a>
      </section>
      <section className="peer-section"><h2>Why choose us</h2>
        <div className="peer-grid">{features.data?.map((f) => <article key={f._id} className="peer-card"><img src={f.image} alt="" width="320" height="180" /><h3>{f.title}</h3><p>{f.description}</p></article>) ?? <p>Loading…</p>}</div>
      </section>
      <section className="peer-section"><h2>Destinations</h2>
        <div className="peer-grid">{countries.data?.map((c) => <a key={c._id} className="peer-card" href={`/peer/country?id=${c._id}`}><img src={c.image} alt="" width="320" height="180" /><h3>{c.name}</h3><p>{c.details}</p></a>) ?? <p>Loading…</p>}</div>
      </section>
      <section className="peer-section"><h2>Featured programs</h2>
        <div className="peer-grid">{subjects.data?.slice(0, 4).map((s) => <a key={s._id} className="peer-card" href={`/peer/subject?id=${s._id}`}><h3>{s.name}</h3><p>{s.university}, {s.location}</p><p>{price(s)}</p></a>) ?? <p>Loading…</p>}</div>
      </section>
    </main>
  );
}

function CountryPage({ id }: { id: string }) {
  const country = useApi<Country>(`/api/countries/${encodeURIComponent(id)}`);
  const subjects = useApi<Subject[]>(`/api/subjects?countryId=${encodeURIComponent(id)}`);
  if (country.error) return <main><p role="alert">Failed to fetch country details. {country.error}</p></main>;
  const c = country.data;
  if (!c) return <main><p>Loading…</p></main>;
  return (
    <main>
      <section className="peer-hero"><h1>Study in {c.name}</h1><p>{c.details}</p><img src={c.image} alt="" width="960" height="400" /></section>
      <section className="peer-section"><h2>Country overview</h2>{c.about.countryOverview.map((p, i) => <p key={i}>{p}</p>)}
        <h2>Education system</h2>{c.about.educationSystem.map((p, i) => <p key={i}>{p}</p>)}
        <h2>Student life</h2>{c.about.studentLife.map((p, i) => <p key={i}>{p}</p>)}
        <h2>Visa information</h2>{c.about.visaInfo.map((p, i) => <p key={i}>{p}</p>)}</section>
      <section className="peer-section"><h2>Programs</h2>
        <div className="peer-grid">{subjects.data?.map((s) => <a key={s._id} className="peer-card" href={`/peer/subject?id=${s._id}`}><h3>{s.name}</h3><p>{s.university}</p><p>{price(s)}</p></a>) ?? <p>Loading…</p>}</div>
      </section>
    </main>
  );
}

function SubjectPage({ id }: { id: string }) {
  const subject = useApi<Subject>(`/api/subjects/${encodeURIComponent(id)}`);
  if (subject.error) return <main><p role="alert">Failed to fetch subject details. {subject.error}</p></main>;
  const s = subject.data;
  if (!s) return <main><p>Loading…</p></main>;
  return (
    <main>
      <section className="peer-hero"><h1>{s.name}</h1><p>{s.university}, {s.location}</p><img src={s.image} alt="" width="960" height="400" /></section>
      <section className="peer-section">{s.description.map((p, i) => <p key={i}>{p}</p>)}
        <h2>Study plan</h2><p>{s.studyPlan.degree}, {s.studyPlan.duration}, intake {s.studyPlan.intake}</p>
        <h2>Entry requirements</h2><p>{s.entryRequirements.description}</p><ul>{s.entryRequirements.academicRequirements.map((r) => <li key={r}>{r}</li>)}</ul>
        <h2>Career prospects</h2><p>{s.careerProspects.description}</p>
        <p className="peer-price">{price(s)}</p></section>
    </main>
  );
}

export function App() {
  const path = location.pathname;
  const id = new URLSearchParams(location.search).get('id') ?? '';
  return (
    <>
      <Header />
      {path.startsWith('/peer/country') ? <CountryPage id={id} /> : path.startsWith('/peer/subject') ? <SubjectPage id={id} /> : <Home />}
      <footer className="peer-footer"><p>© {new Date().getFullYear()} All rights reserved</p></footer>
    </>
  );
}
