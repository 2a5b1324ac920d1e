// npm run ci:local [-- COMMAND…]
//
// Runs .github/workflows/ci.yml's test job on this machine the way GitHub runs it: on a fresh
// checkout of the committed HEAD, in the job's Debian image (scripts/lib/ci-image.ts), its steps in
// order: the Debian packages, Node 22 on the path (as actions/setup-node puts it there; here the
// Node and npm this script runs on), `npm ci`, `npm test`. COMMAND, when given, runs instead of
// `npm test` (a part of the suite on a small machine: `npm run ci:local -- sh -c 'node
// scripts/e2e-build.ts && playwright test e2e/states'`).
//
// Where a Docker engine answers, the job runs in the image itself. Where none does (the developers'
// machines here have only the client), it runs by chroot in a root of the image's Debian release that
// debootstrap makes (.tmp/ci-root, made once and reused; delete it for a new one) with the image's
// package sources: the same release and packages as the image, from Debian's archive, not its bytes.
// Either way as root, as GitHub runs a job's container.
import { copyFileSync, cpSync, existsSync, mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { spawnSync } from 'node:child_process';
import { CI_IMAGE, CI_PACKAGES_STEP, jobImage, workflowJobs } from './lib/ci-image.ts';
import { run } from './lib/run.ts';

const job = workflowJobs('.github/workflows/ci.yml').test;
if (!job) throw new Error('.github/workflows/ci.yml has no test job');
const image = jobImage(job);
if (image !== CI_IMAGE) throw new Error(`ci.yml's test job runs in ${image}, not ${CI_IMAGE}`);

// The job's own commands, in order; what a `uses:` step does is done below (the checkout, Node).
const commands = job.steps.flatMap((step) => (step.run ? [step.run] : []));
if (commands[0] !== CI_PACKAGES_STEP || !commands.includes('npm test'))
  throw new Error(
    `ci.yml's test job should install the packages first and run npm test: ${commands.join('; ')}`,
  );
const given = process.argv.slice(2);
const quote = (word: string) => (/^[\w./:=@-]+$/.test(word) ? word : `'${word.replaceAll("'", `'\\''`)}'`);
const steps = commands.map((command) =>
  command === 'npm test' && given.length ? given.map(quote).join(' ') : command,
);

const root = resolve('.tmp/ci-root');
const work = '/__w/repo';

/** The committed HEAD, checked out afresh (actions/checkout): uncommitted changes are not in it. */
function checkout(into: string) {
  const head = git('rev-parse', 'HEAD');
  rmSync(into, { recursive: true, force: true });
  mkdirSync(dirname(into), { recursive: true });
  spawnOrThrow('git', [
    'clone',
    '--quiet',
    '--no-checkout',
    `file://${git('rev-parse', '--show-toplevel')}`,
    into,
  ]);
  spawnOrThrow('git', ['-C', into, 'checkout', '--quiet', '--detach', head]);
  console.log(`ci:local: ${head.slice(0, 12)} checked out`);
}

/** Node and npm as actions/setup-node gives them: a prefix of their own, first on the path. */
function nodePrefix(into: string) {
  const npmCli = process.env.npm_execpath;
  if (!npmCli?.endsWith('npm-cli.js')) throw new Error('run this through npm: npm run ci:local');
  rmSync(into, { recursive: true, force: true });
  mkdirSync(join(into, 'bin'), { recursive: true });
  copyFileSync(process.execPath, join(into, 'bin/node'));
  cpSync(dirname(dirname(npmCli)), join(into, 'lib/node_modules/npm'), { recursive: true });
  symlinkSync('../lib/node_modules/npm/bin/npm-cli.js', join(into, 'bin/npm'));
  symlinkSync('../lib/node_modules/npm/bin/npx-cli.js', join(into, 'bin/npx'));
}

const script = [
  'set -e',
  'export PATH=/opt/node/bin:$PATH CI=true DEBIAN_FRONTEND=noninteractive',
  `cd ${work}`,
  ...steps.flatMap((step) => [`echo '::' ${quote(step)}`, step]),
].join('\n');

const docker = spawnSync('docker', ['info'], { stdio: 'ignore' }).status === 0;
if (docker) {
  const scratch = resolve('.tmp/ci-docker');
  checkout(join(scratch, 'repo'));
  nodePrefix(join(scratch, 'node'));
  writeFileSync(join(scratch, 'job.sh'), script);
  console.log(`ci:local: in ${image}`);
  await run('docker', [
    'run',
    '--rm',
    '-v',
    `${scratch}/repo:${work}`,
    '-v',
    `${scratch}/node:/opt/node:ro`,
    '-v',
    `${scratch}/job.sh:/job.sh:ro`,
    image,
    'sh',
    '/job.sh',
  ]);
} else {
  if (process.getuid?.() !== 0) throw new Error('no Docker engine answers, and a chroot needs root');
  const release = /^debian:(\w+)/.exec(image)![1]!;
  console.log(`ci:local: no Docker engine answers: in a Debian ${release} root by chroot (${root})`);
  if (!existsSync(join(root, 'etc/debian_version'))) {
    if (spawnSync('debootstrap', ['--version'], { stdio: 'ignore' }).status !== 0)
      await run('apt-get', ['install', '-y', '--no-install-recommends', 'debootstrap']);
    rmSync(root, { recursive: true, force: true });
    await run('debootstrap', ['--variant=minbase', release, root]);
  }
  // The image's package sources are Debian's own for its release, as this Debian machine's are:
  // the release, its updates and its security archive (the browser comes from the last).
  const sources = '/etc/apt/sources.list.d/debian.sources';
  if (!existsSync(sources))
    throw new Error(`${sources} is missing: the root would lack the security archive`);
  copyFileSync(sources, join(root, sources));
  rmSync(join(root, 'etc/apt/sources.list'), { force: true });
  copyFileSync('/etc/resolv.conf', join(root, 'etc/resolv.conf'));
  checkout(join(root, work));
  nodePrefix(join(root, 'opt/node'));
  writeFileSync(join(root, 'job.sh'), script);
  // npm's download cache stands in for the one actions/setup-node restores (`cache: npm`).
  const npmCache = spawnSync('npm', ['config', 'get', 'cache'], { encoding: 'utf8' }).stdout.trim();
  const mounts = ['proc', 'sys', 'dev', 'root/.npm'];
  for (const mount of mounts) mkdirSync(join(root, mount), { recursive: true });
  spawnOrThrow('mount', ['-t', 'proc', 'proc', join(root, 'proc')]);
  spawnOrThrow('mount', ['--rbind', '/sys', join(root, 'sys')]);
  spawnOrThrow('mount', ['--rbind', '/dev', join(root, 'dev')]);
  spawnOrThrow('mount', ['--bind', npmCache, join(root, 'root/.npm')]);
  try {
    await run('chroot', [root, 'sh', '/job.sh']);
  } finally {
    for (const mount of mounts.reverse())
      spawnSync('umount', ['--recursive', '--lazy', join(root, mount)], { stdio: 'inherit' });
  }
}
console.log('ci:local: the job passed');

function git(...args: string[]) {
  const result = spawnSync('git', args, { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`git ${args.join(' ')}: ${result.stderr}`);
  return result.stdout.trim();
}

function spawnOrThrow(command: string, args: string[]) {
  const result = spawnSync(command, args, { stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} exited with ${result.status}`);
}
