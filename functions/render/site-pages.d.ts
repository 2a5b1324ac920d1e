import type { SubjectDto } from '#schemas/catalog.ts';
import type { ProgramCostsResponse } from '#schemas/programs.ts';
import type { JobDetail } from '#schemas/recruitment.ts';

/** What a program's page shows: the program, its university's name and its cost estimate's inputs. */
export interface SubjectPageData {
  subject: SubjectDto;
  universityName: string;
  costs: ProgramCostsResponse | null;
}

/** A program's page: the built shell page `/shell/subject` filled with the program (complete HTML). */
export function renderSubjectPage(frame: string, origin: string, data: SubjectPageData): Promise<string>;

/** A job's page: the built shell page `/shell/job` filled with the job (complete HTML). */
export function renderJobPage(frame: string, origin: string, job: JobDetail): Promise<string>;
