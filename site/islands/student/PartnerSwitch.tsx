import { pagePaths } from '#schemas/paths.ts';
import { studentSession } from '#site/lib/session.ts';
import { RoleSwitch } from '../common/RoleSwitch.tsx';
import { partnerSession } from '../partner/session.ts';

/** "Partner dashboard" in the student's sidebar, for a student who also owns a partner organisation. */
export default function PartnerSwitch({ className }: { className: string }) {
  return (
    <RoleSwitch
      from="student"
      to="partner"
      session={studentSession}
      target={partnerSession}
      label="Partner dashboard"
      href={pagePaths.partnerDashboard}
      className={className}
    />
  );
}
