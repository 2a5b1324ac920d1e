// Every workflow job that runs `npm test` runs it on the machine the screen-state baselines were
// drawn on: the one pinned image, its packages installed first, and the browser the tests install
// (no other browser named for them).
import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CI_IMAGE, CI_PACKAGES, CI_PACKAGES_STEP, jobImage, workflowJobs } from './ci-image.ts';
import { testChromium } from './chromium.ts';

const workflows = readdirSync('.github/workflows')
  .filter((name) => /\.ya?ml$/.test(name))
  .map((name) => `.github/workflows/${name}`);

const testJobs = workflows.flatMap((file) =>
  Object.entries(workflowJobs(file))
    .filter(([, job]) => job.steps.some((step) => step.run === 'npm test'))
    .map(([name, job]) => ({ where: `${file} ${name}`, job })),
);

describe('the image CI tests in', () => {
  it('is pinned by a digest, and is Debian 12 as the baselines’ machine', () => {
    expect(CI_IMAGE).toMatch(/^debian:bookworm(-slim)?@sha256:[0-9a-f]{64}$/);
  });

  it('has the browser the tests drive and the fonts installed, by the Debian package that puts it at its path', () => {
    expect(CI_PACKAGES).toContain(testChromium.debianPackage);
    expect(CI_PACKAGES).toEqual(expect.arrayContaining(['fonts-dejavu-core', 'fonts-dejavu-extra']));
  });

  it('runs every job that runs `npm test`: the gate of a pull request and of a deploy', () => {
    expect(testJobs.map((t) => t.where).sort()).toEqual([
      '.github/workflows/ci.yml test',
      '.github/workflows/deploy.yml test',
    ]);
    for (const { where, job } of testJobs) {
      expect(jobImage(job), where).toBe(CI_IMAGE);
      // The packages before anything else: the checkout uses git.
      expect(job.steps[0]?.run, where).toBe(CI_PACKAGES_STEP);
      // The browser is the one the tests install, not one the runner ships.
      expect(job.env?.CHROMIUM_PATH, where).toBeUndefined();
      for (const step of job.steps) expect(step.env?.CHROMIUM_PATH, where).toBeUndefined();
    }
  });
});
