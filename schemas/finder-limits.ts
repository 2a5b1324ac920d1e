// The finder's limits, in a module of their own: the save and compare controls on every subject
// page need these numbers and nothing else of the finder's vocabulary (schemas/finder-terms.ts).

/** Results per page of GET /api/programs and /courses. */
export const PROGRAMS_PAGE_SIZE = 12;
/** The deepest page anyone can ask for (12 × 500 = 6,000 results: past any real search). */
export const PROGRAMS_MAX_PAGE = 500;
/** A student's saved programs, on the server and in the browser alike. */
export const SAVED_PROGRAMS_MAX = 50;
export const COMPARE_MIN = 2;
export const COMPARE_MAX = 4;
/** Countries one finder search can name (each is a bound parameter; D1 binds at most 100 a statement). */
export const FINDER_COUNTRIES_MAX = 20;
