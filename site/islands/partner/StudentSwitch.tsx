import { pagePaths } from '#schemas/paths.ts';
import { studentSession } from '#site/lib/session.ts';
import { RoleSwitch } from '../common/RoleSwitch.tsx';
import { partnerSession } from './session.ts';

/** "Student dashboard" in the partner's header, for an owner who is also a student. */
export default function StudentSwitch({ className }: { className: string }) {
  return (
    <RoleSwitch
      from="partner"
      to="student"
      session={partnerSession}
      target={studentSession}
      label="Student dashboard"
      href={pagePaths.studentDashboard}
      className={className}
    />
  );
}
