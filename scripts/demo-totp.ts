// npm run demo:totp: the demo admin's current two-step sign-in code (development only: the demo
// admin exists only in a development database, seeded by npm start).
import { DEMO_STAFF } from './lib/demo/staff.ts';
import { currentTotp } from '#functions/services/accounts/staff-mfa.ts';

const left = 30 - (Math.floor(Date.now() / 1000) % 30);
console.log(
  `${currentTotp(DEMO_STAFF.totpSecret)}  (${DEMO_STAFF.email}; valid for ${left} more second${left === 1 ? '' : 's'}, each code works once)`,
);
