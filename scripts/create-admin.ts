// Creates a back-office staff account.
// Usage: npm run admin:create -- --email E --name N [--role admin|editor] [--env staging|production [--yes]]
//   (no --env)  the local D1 (or WRANGLER_PERSIST_TO's); --env-file FILE reads its vars from FILE
//   --env X     that environment's remote D1 (wrangler's remote bindings), after a confirmation
//               prompt; --yes answers it for scripts
// The password comes from STAFF_PASSWORD, or is asked for without echo.
import { parseArgs } from 'node:util';
import { createInterface } from 'node:readline';
import { Writable } from 'node:stream';
import { confirmRemoteWrite, openTarget, parseTarget, type Target } from './lib/target.ts';
import { createStaffAccount } from './lib/staff-account.ts';
import { STAFF_PASSWORD_MIN, staffRoles, type StaffRole } from '#schemas/admin/index.ts';

const { values } = parseArgs({
  options: {
    email: { type: 'string' },
    name: { type: 'string' },
    role: { type: 'string', default: 'admin' },
    env: { type: 'string' },
    yes: { type: 'boolean', default: false },
    'env-file': { type: 'string' },
  },
});
if (!values.email || !values.name) {
  console.error(
    'Usage: npm run admin:create -- --email E --name N [--role admin|editor] [--env staging|production [--yes]]',
  );
  process.exit(1);
}
let target: Target;
try {
  target = parseTarget(values.env);
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
if (!(staffRoles as readonly string[]).includes(values.role)) {
  console.error('--role must be admin or editor');
  process.exit(1);
}

/** Reads a line from the terminal without echoing it. */
function askHidden(question: string) {
  let muted = false;
  const output = new Writable({
    write: (chunk: Buffer | string, _enc, done) => {
      if (!muted) process.stdout.write(chunk);
      done();
    },
  });
  const rl = createInterface({ input: process.stdin, output, terminal: true });
  return new Promise<string>((resolve) => {
    rl.question(question, (answer) => {
      rl.close();
      process.stdout.write('\n');
      resolve(answer);
    });
    muted = true;
  });
}

let password = process.env.STAFF_PASSWORD;
if (!password) {
  if (!process.stdin.isTTY) {
    console.error('Set STAFF_PASSWORD, or run in a terminal to be asked for the password.');
    process.exit(1);
  }
  password = await askHidden(`Password (at least ${STAFF_PASSWORD_MIN} characters): `);
  const again = await askHidden('Repeat the password: ');
  if (again !== password) {
    console.error('The passwords do not match.');
    process.exit(1);
  }
}

let platform;
try {
  if (target !== 'local')
    await confirmRemoteWrite(target, `create the ${values.role} account ${values.email}`, values.yes);
  platform = await openTarget(target, { envFile: values['env-file'] });
  const result = await createStaffAccount(platform.db, {
    email: values.email,
    name: values.name,
    role: values.role as StaffRole,
    password,
  });
  if (result.status === 'exists') {
    console.error(`A staff account for ${result.email} already exists.`);
    process.exitCode = 1;
  } else {
    console.log(`Created ${values.role} ${result.email} in the ${target} database. Sign in at /admin/login.`);
  }
} catch (error) {
  console.error((error as Error).message);
  process.exitCode = 1;
} finally {
  await platform?.dispose();
}
