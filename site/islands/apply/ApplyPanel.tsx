/**
 * The apply flow on /subject/{id} (spec 1 section 4): 'Log In to Continue' or 'Start Your Journey'
 * with the confirmation dialog. Placeholder until the student-accounts work fills it in.
 */
export interface ApplyPanelProps {
  subjectId: string;
  subjectName: string;
}

export default function ApplyPanel(_props: ApplyPanelProps) {
  return null;
}
