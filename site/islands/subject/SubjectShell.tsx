import { lazy, Suspense } from 'react';
import { useQuery } from '@tanstack/react-query';
import { api, getWithMessages, schemaFrom, notInProduction } from '#site/lib/api.ts';
import { idFromPath } from '#site/lib/shell-path.ts';
import ApplyPanel from '../apply/ApplyPanel.tsx';
import Tuition from '../finder/Tuition.tsx';
import { programIntakes } from '#schemas/program-intakes.ts';
import { withQuery } from '../common/with-query.tsx';
import SubjectTabs from './SubjectTabs.tsx';
import {
  CampusGallery,
  SideCards,
  SubjectHero,
  subjectPanels,
} from '#site/components/subject/subject-view.tsx';
import { LoadError } from '../common/LoadError.tsx';
import type { SubjectDto } from '#schemas/catalog.ts';
import type { ProgramCostsResponse } from '#schemas/programs.ts';

// Response schemas load in development only, where answers are checked: this page ships no zod.
const catalogContract = () => (import.meta.env.DEV ? import('#schemas/catalog-dto.ts') : notInProduction());
const programsContract = () => (import.meta.env.DEV ? import('#schemas/programs.ts') : notInProduction());

// Below the first screen, and only on programs newer than the build: loaded when needed.
const SaveProgram = lazy(() => import('../finder/SaveProgram.tsx'));
const TotalCost = lazy(() => import('../finder/TotalCost.tsx'));

/** University name: by id; if that fails, search the full list; otherwise 'Unknown University' (spec 1 section 4). */
export async function lookupUniversityName(id: string): Promise<string> {
  try {
    return (
      await api(`/api/universities/${encodeURIComponent(id)}`, {
        schema: schemaFrom(catalogContract, 'universityDto'),
      })
    ).name;
  } catch {
    try {
      const all = await api('/api/universities', {
        schema: schemaFrom(catalogContract, 'universitiesResponse'),
      });
      return all.find((u) => u._id === id || u.id === id)?.name ?? 'Unknown University';
    } catch {
      return 'Unknown University';
    }
  }
}

/**
 * What the Worker read for a program page it renders itself (functions/routes/pages/render.ts):
 * the island starts from it, so it hydrates the server's markup without fetching.
 */
export interface SubjectShellData {
  subject: SubjectDto;
  universityName: string;
  costs: ProgramCostsResponse | null;
}

/**
 * A program page no build pre-rendered (the long tail, and programs newer than the
 * build): from the Worker's data when it rendered the page, else from the API (spec 1 sections 2.7
 * and 8).
 */
function SubjectShell({ initial }: { initial?: SubjectShellData }) {
  return initial ? <SubjectShellView {...initial} /> : <SubjectFromApi />;
}

function SubjectFromApi() {
  const id = idFromPath('/subject/');
  const subject = useQuery({
    queryKey: ['subject', id],
    enabled: id !== '',
    retry: false,
    queryFn: () =>
      getWithMessages(
        `/api/subjects/${encodeURIComponent(id)}`,
        { notFound: 'Subject not found', failure: 'Failed to fetch subject details.' },
        schemaFrom(catalogContract, 'subjectDto'),
      ),
  });
  const costs = useQuery({
    queryKey: ['program-costs', id],
    enabled: !!subject.data,
    queryFn: () =>
      api(`/api/programs/${encodeURIComponent(id)}/costs`, {
        schema: schemaFrom(programsContract, 'programCostsResponse'),
      }),
  });
  const uni = useQuery({
    queryKey: ['university-name', subject.data?.universityId],
    enabled: !!subject.data,
    queryFn: () => lookupUniversityName(subject.data!.universityId),
  });
  if (typeof window !== 'undefined' && id === '')
    return <LoadError fallbackHref="/courses" message="No subject ID provided" />;
  if (subject.isPending)
    return (
      <div className="container section">
        <div className="spinner" role="status" aria-label="Loading program" />
      </div>
    );
  if (subject.isError) return <LoadError fallbackHref="/courses" message={subject.error.message} />;
  const s = subject.data;
  document.title = document.title.replace(/^[^|]*/, `${s.name} `);
  return (
    <SubjectShellView
      subject={s}
      universityName={uni.data ?? s.university ?? 'Unknown University'}
      costs={costs.data ?? null}
    />
  );
}

/** The program's page body: what the pre-rendered page shows, as one island. */
export function SubjectShellView({ subject: s, universityName, costs }: SubjectShellData) {
  return (
    <>
      <SubjectHero subject={s} universityName={universityName}>
        <Suspense fallback={null}>
          <SaveProgram id={s._id} name={s.name} />
        </Suspense>
      </SubjectHero>
      <div className="container section subject-layout">
        <div className="subject-main">
          <CampusGallery subject={s} />
          <SubjectTabs panels={subjectPanels(s)} name={s.name} />
        </div>
        <SideCards
          subject={s}
          universityName={universityName}
          tuition={costs && <Tuition basePrice={s.basePrice} currency={s.currency} rates={costs.rates} />}
        >
          <ApplyPanel subjectId={s._id} subjectName={s.name} intakes={programIntakes(s.studyPlan)} />
        </SideCards>
      </div>
      {costs && (
        <div className="container section total-cost-section">
          <Suspense fallback={null}>
            <TotalCost programName={s.name} currency={s.currency} costs={costs.costs} rates={costs.rates} />
          </Suspense>
        </div>
      )}
    </>
  );
}

export default withQuery(SubjectShell);
