// Creates a back-office staff account in the local D1 (or WRANGLER_PERSIST_TO's).
// Usage: npm run admin:create -- --email E --name N [--role admin|editor]
// The password comes from STAFF_PASSWORD, or is asked for without echo.
import { parseArgs } from 'node:util';
import { createInterface } from 'node:readline';
import { Writable } from 'node:stream';
import { openLocalPlatform } from './lib/platform.ts';
import { createStaffAccount } from './lib/staff-account.ts';
import { STAFF_PASSWORD_MIN, staffRoles, type StaffRole } from '../schemas/admin.ts';

const { values } = parseArgs({ options: { email: { type: 'string' }, name: { type: 'string' }, role: { type: 'string', default: 'admin' } } });
if (!values.email || !values.name) {
  console.error('Usage: npm run admin:create -- --email E --name N [--role admin|editor]');
  process.exit(1);
}
if (!(staffRoles as readonly string[]).includes(values.role!)) {
  console.error('--role must be admin or editor');
  process.exit(1);
}

/** Reads a line from the terminal without echoing it. */
function askHidden(question: string) {
  let muted = false;
  const output = new Writable({ write: (chunk, _enc, done) => { if (!muted) process.stdout.write(chunk); done(); } });
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

const { db, dispose } = await openLocalPlatform();
try {
  const result = await createStaffAccount(db, { email: values.email, name: values.name, role: values.role as StaffRole, password });
  if (result.status === 'exists') {
    console.error(`A staff account for ${result.email} already exists.`);
    process.exitCode = 1;
  } else {
    console.log(`Created ${values.role} ${result.email}. Sign in at /admin/login.`);
  }
} catch (error) {
  console.error((error as Error).message);
  process.exitCode = 1;
} finally {
  await dispose();
}
