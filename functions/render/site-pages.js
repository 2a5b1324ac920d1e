// The site's renderer of program and job pages (site/render/worker-pages.tsx), bundled into the
// Worker. A plain module with its own declarations (site-pages.d.ts): the Worker's type program
// never takes in the DOM-typed site code behind it, which the site's program type-checks (and
// checks against these declarations).
export { renderSubjectPage, renderJobPage } from '../../site/render/worker-pages.tsx';
