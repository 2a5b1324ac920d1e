import { useEffect, useState } from 'react';
import { api } from '../../../lib/api.ts';
import ApplyPanel from '../../apply/ApplyPanel.tsx';

/** Development only: renders ApplyPanel for ?subject=<id>, as the subject page's 'Ready to Enroll' card will. */
export default function ApplyHarness() {
  const [subject, setSubject] = useState<{ _id: string; name: string } | null>(null);
  const [error, setError] = useState('');
  useEffect(() => {
    const id = new URLSearchParams(location.search).get('subject');
    if (!id) return setError('No subject ID provided');
    api<{ _id: string; name: string }>(`/api/subjects/${encodeURIComponent(id)}`)
      .then(setSubject)
      .catch(() => setError('Subject not found'));
  }, []);
  if (error) return <p role="alert">{error}</p>;
  if (!subject) return <p>Loading...</p>;
  return (
    <section className="st-card st-harness" aria-labelledby="enroll-title">
      <h1>{subject.name}</h1>
      <h2 id="enroll-title">Ready to Enroll</h2>
      <p>Admissions support is free of charge.</p>
      <ApplyPanel subjectId={subject._id} subjectName={subject.name} />
    </section>
  );
}
