import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { DepartmentDto, SubjectDto } from '../../../schemas/catalog.ts';
import { api } from '../../lib/api.ts';
import { formatTuition } from '../../lib/format.ts';
import { withQuery } from '../common/with-query.tsx';

export type BrowserProgram = Pick<SubjectDto, '_id' | 'name' | 'university' | 'departmentId' | 'degreeType' | 'duration' | 'location' | 'basePrice' | 'currency'>;
export type BrowserDepartment = Pick<DepartmentDto, '_id' | 'name'>;

const STEP = 12;
const pick = (s: SubjectDto): BrowserProgram => ({ _id: s._id, name: s.name, university: s.university, departmentId: s.departmentId, degreeType: s.degreeType, duration: s.duration, location: s.location, basePrice: s.basePrice, currency: s.currency });

/** The program browser on /courses (spec 1 section 2.8): department radio filter, text search, count, reset. */
function ProgramBrowser({ programs: initialPrograms, departments: initialDepartments }: { programs: BrowserProgram[]; departments: BrowserDepartment[] }) {
  const departments = useQuery({
    queryKey: ['departments'],
    queryFn: async () => (await api<DepartmentDto[]>('/api/departments')).map(({ _id, name }) => ({ _id, name })),
    initialData: initialDepartments.length ? initialDepartments : undefined,
    initialDataUpdatedAt: 0,
  });
  const programs = useQuery({
    queryKey: ['subjects', 'browser'],
    queryFn: async () => (await api<SubjectDto[]>('/api/subjects')).map(pick),
    initialData: initialPrograms.length ? initialPrograms : undefined,
    initialDataUpdatedAt: 0,
  });
  const [department, setDepartment] = useState('');
  const [text, setText] = useState('');
  const active = department !== '' || text.trim() !== '';
  const results = useMemo(() => {
    const q = text.trim().toLowerCase();
    return (programs.data ?? []).filter((p) => (!department || p.departmentId === department) && (!q || p.name.toLowerCase().includes(q)));
  }, [programs.data, department, text]);
  const [limit, setLimit] = useState(STEP);
  const reset = () => { setDepartment(''); setText(''); setLimit(STEP); };
  return (
    <div className="browser">
      <aside className="browser__filters card card__body">
        <div className="field">
          <label htmlFor="program-search">Search by subject</label>
          <input id="program-search" type="search" placeholder="e.g. Data Science" value={text} onChange={(e) => { setText(e.target.value); setLimit(STEP); }} />
        </div>
        <fieldset className="radio-group">
          <legend>Department</legend>
          {departments.isError && <p className="alert alert--error" role="alert">Failed to fetch departments.</p>}
          <label><input type="radio" name="department" value="" checked={department === ''} onChange={() => setDepartment('')} /> All departments</label>
          {(departments.data ?? []).map((d) => (
            <label key={d._id}><input type="radio" name="department" value={d._id} checked={department === d._id} onChange={() => { setDepartment(d._id); setLimit(STEP); }} /> {d.name}</label>
          ))}
        </fieldset>
        {active && <button type="button" className="btn btn--ghost" onClick={reset}>Reset Filters</button>}
      </aside>
      <div>
        {programs.isError && <p className="alert alert--error" role="alert">Failed to fetch data. Please try again later.</p>}
        {programs.isPending ? <div className="spinner" role="status" aria-label="Loading programs" /> : (
          <>
            <p className="browser__count" role="status" aria-live="polite">{results.length} {results.length === 1 ? 'program' : 'programs'} found</p>
            {results.length === 0 ? (
              <p className="empty-state">No programs found matching your criteria.</p>
            ) : (
              <ul className="browser__list" role="list" data-testid="program-results">
                {results.slice(0, limit).map((p) => (
                  <li key={p._id} className="card card--link browser__item">
                    <div className="card__body">
                      <p className="program-card__uni">{p.university}</p>
                      <h3><a className="stretched-link" href={`/subject/${p._id}`}>{p.name}</a></h3>
                      <p className="program-card__meta"><span>{p.degreeType} · {p.duration} · {p.location}</span><span>{formatTuition(p.basePrice, p.currency)}</span></p>
                    </div>
                  </li>
                ))}
              </ul>
            )}
            {results.length > limit && (
              <p className="center-row"><button type="button" className="btn btn--ghost" onClick={() => setLimit((l) => l + STEP)}>Show more programs ({results.length - limit} more)</button></p>
            )}
          </>
        )}
      </div>
    </div>
  );
}
export default withQuery(ProgramBrowser);
