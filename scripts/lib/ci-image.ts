// The machine CI's `npm test` runs on: a Debian image and the Debian packages installed in it. The
// screen-state screenshots (e2e/states/__screenshots__) were drawn in Debian 12's
// chromium-headless-shell with Debian's DejaVu fonts for what the web font lacks; a runner's own
// browser (Google Chrome on Ubuntu) draws text with other anti-aliasing and glyph advances, and its
// pictures differ from them by a few percent of their pixels. So the workflows' test jobs
// (.github/workflows/ci.yml, and deploy.yml's gate) run in this image with these packages, which
// scripts/lib/ci-image.test.ts holds them to, and `npm run ci:local` runs the same job's steps on a
// machine without GitHub.
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';

/**
 * Debian 12 (bookworm), slim, pinned by the digest of its image index: the same base every run. To
 * move it, put the new digest here and in both workflows' `container:` (the test says where), run
 * `npm run ci:local`, and redraw the screenshots if the browser build moved (docs/testing.md, "Screen states").
 */
export const CI_IMAGE =
  'debian:bookworm-slim@sha256:3783cc01769c7b2b1b83a5c5ad96c815348e28ed7da68e2e3687004faa906251';

/**
 * What the tests need that the slim image lacks: the browser tests' chromium-headless-shell (as
 * scripts/ensure-chromium.ts installs it), the fonts the baselines were drawn with, git for the
 * checkout, and the certificate store for the package downloads.
 */
export const CI_PACKAGES = [
  'ca-certificates',
  'git',
  'chromium-headless-shell',
  'fonts-dejavu-core',
  'fonts-dejavu-extra',
];

/** The workflows' first step, word for word. */
export const CI_PACKAGES_STEP = `apt-get update && apt-get install -y --no-install-recommends ${CI_PACKAGES.join(' ')}`;

interface WorkflowStep {
  name?: string;
  uses?: string;
  run?: string;
  if?: string;
  with?: Record<string, unknown>;
  env?: Record<string, string>;
}

interface WorkflowJob {
  'runs-on'?: string;
  container?: string | { image: string };
  env?: Record<string, string>;
  steps: WorkflowStep[];
}

/** A workflow's jobs, by name. */
export const workflowJobs = (file: string) =>
  (parse(readFileSync(file, 'utf8')) as { jobs: Record<string, WorkflowJob> }).jobs;

/** The image a job runs in, if any. */
export const jobImage = (job: WorkflowJob) =>
  typeof job.container === 'string' ? job.container : job.container?.image;
