// A program's intakes as the person chooses among them when applying: the
// current one ("Open" on the subject page, the next to start) first, then the future ones
// ("Upcoming"). One definition for the apply dialog, the route that checks the choice and the
// e-mail that confirms it. No zod here: the subject page's island imports it.

/** The intakes of a study plan, trimmed, blanks and repeats dropped, the current (next) one first. */
export function programIntakes(
  plan: { intake?: string | null; futureIntakes?: readonly unknown[] } | null | undefined,
) {
  const all = [plan?.intake, ...(plan?.futureIntakes ?? [])]
    .filter((i): i is string => typeof i === 'string')
    .map((i) => i.trim())
    .filter(Boolean);
  return [...new Set(all)];
}

/** The message when the chosen intake is not one the program lists. */
export const INTAKE_NOT_OFFERED = 'Choose one of the intakes this program lists.';
