// The rehearsal at catalogue scale, opt in: `npm run rehearse -- --scale 25000
// [--jobs 10000]`. The seeded database grows to N programs and M jobs (the scale benchmark's
// generator), and after the usual steps one program far past the pre-rendered ones is edited through
// the back office API and published: the clock runs from Publish until its public page shows the
// edit, and until the build the Publish started is reported back. Not in `npm test`: growing the
// catalogue and building from its snapshot take minutes.
import { generatedSubjectId, growTo } from '../perf/scale.ts';

/** `--scale N [--jobs M]` from the command line: undefined when not asked for. */
export function scaleOption(argv = process.argv) {
  const at = (name: string) => {
    const i = argv.indexOf(name);
    return i > 0 ? Number(argv[i + 1]) : undefined;
  };
  const programs = at('--scale');
  if (programs === undefined) return undefined;
  if (!Number.isInteger(programs) || programs < 1) throw new Error('--scale needs a number of programs');
  const jobs = at('--jobs') ?? Math.round(programs * 0.4);
  return { programs, jobs };
}

/** Grows the rehearsal's database (the production Worker's local D1) to the catalogue's size. */
export async function growCatalogue(dbDir: string, scale: { programs: number; jobs: number }) {
  const counts = await growTo(scale.programs, scale.jobs, dbDir);
  return `${counts.subjects} programs and ${counts.jobs} jobs in the Worker's database`;
}

/** The program to edit: the last one generated, far past the pre-rendered ones. */
export const longTailProgram = (scale: { programs: number }) => generatedSubjectId(scale.programs - 1);
