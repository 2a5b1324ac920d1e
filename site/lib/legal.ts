import { retentionStatements } from '#schemas/retention.ts';

/** The terms (12 sections, spec 2) and privacy policy (10 sections), shared by the pages and dialogs. */
export interface LegalSection {
  title: string;
  body: string[];
}

// "We", "us" and "the Company" are the company named in the site content block; the pages and
// dialogs show its name around these texts, so the texts themselves carry no brand.
export const termsSections: LegalSection[] = [
  {
    title: 'Introduction',
    body: [
      'These Terms and Conditions govern your use of our website and of the services we provide to students, job seekers, employers and partner institutions. By registering an account, submitting a form or using our services you agree to these terms.',
      'We are a consultancy registered in England and Wales. If you do not agree with these terms, please do not use our services.',
    ],
  },
  {
    title: 'Service Description',
    body: [
      'We provide study-abroad guidance and university application support, work-abroad guidance, staffing and recruitment services (temporary and permanent placements) and practical training.',
      'University application support is free of charge for students. Admission decisions are made by the institutions and visa decisions by the immigration authorities; we cannot guarantee an offer, a visa or a job.',
    ],
  },
  {
    title: 'Client Obligations',
    body: [
      'You agree to give us accurate, complete and up-to-date information and genuine documents, and to tell us promptly when anything changes.',
      'Employers agree to describe roles, pay and working conditions truthfully, to comply with employment, right-to-work and health and safety law, and to treat candidates we introduce fairly.',
    ],
  },
  {
    title: 'Fees and Payment',
    body: [
      'Where a service carries a fee we tell you the amount in writing before you commit. Employers are invoiced for staffing and recruitment services at the rates agreed in writing.',
      'Payment is due within 30 days of the invoice date. We may charge statutory interest on late payments under the Late Payment of Commercial Debts (Interest) Act 1998.',
    ],
  },
  {
    title: 'Cancellation',
    body: [
      'Temporary staff bookings cancelled with less than 24 hours notice are charged at 50% of the daily rate; bookings cancelled with less than 12 hours notice are charged at 100% of the daily rate.',
      'If a permanent placement is cancelled after the candidate has accepted the offer, a cancellation fee of 25% of the placement fee is payable.',
      'Consumers who buy a paid service online may cancel within 14 days under the Consumer Contracts Regulations 2013, unless the service has been fully performed at their request.',
    ],
  },
  {
    title: 'Confidentiality',
    body: [
      'Both parties keep confidential any business, personal or commercial information received from the other, and use it only to provide or receive the services.',
      'This duty continues after the services end, except where disclosure is required by law or the information is already public.',
    ],
  },
  {
    title: 'Data Protection',
    body: [
      'We process personal data in line with the UK General Data Protection Regulation and the Data Protection Act 2018, as explained in our Privacy Policy.',
      'We share your information with universities, employers or authorities only to provide the services you asked for, and we never sell it.',
    ],
  },
  {
    title: 'Liability',
    body: [
      'We provide our services with reasonable skill and care. We are not liable for decisions made by universities, employers or immigration authorities, or for indirect or consequential loss.',
      'Our total liability under these terms is limited to the fees paid to us for the service concerned. Nothing in these terms limits liability for death or personal injury caused by negligence, for fraud, or any other liability that cannot be limited by law.',
    ],
  },
  {
    title: 'Termination',
    body: [
      'Either party may end an ongoing services agreement by giving 30 days notice in writing.',
      'We may suspend or close an account immediately if false information or documents are provided or these terms are seriously breached. Fees for services already provided remain payable.',
    ],
  },
  {
    title: 'Governing Law',
    body: [
      'These terms are governed by the law of England and Wales, and the courts of England and Wales have exclusive jurisdiction, except that consumers living in Scotland or Northern Ireland may also bring proceedings in their local courts.',
    ],
  },
  {
    title: 'Amendments',
    body: [
      'We may update these terms from time to time. The version on this page applies from the date shown; we will tell registered users about material changes by e-mail before they take effect.',
    ],
  },
  {
    title: 'Contact',
    body: [
      'Questions about these terms can be sent through our contact form at /contactform, by e-mail to the address in the site footer, or by post to our registered office.',
    ],
  },
];

export const privacySections: LegalSection[] = [
  {
    title: 'Who we are',
    body: [
      'We are the data controller for the personal data described in this policy. This policy explains how we collect, use and protect your information under the UK General Data Protection Regulation (UK GDPR) and the Data Protection Act 2018.',
    ],
  },
  {
    title: 'The information we collect',
    body: [
      'Identity and contact details (name, e-mail address, phone number, address), account credentials, education history, language test results, documents you upload (such as transcripts, passports and CVs), job preferences and the messages you send us.',
      'Employers and partners give us company and contact details. When you use the website we also collect technical data such as your IP address and browser type, used for security.',
    ],
  },
  {
    title: 'How we use your information',
    body: [
      'To create and manage your account, to prepare and submit university and job applications you ask us to make, to answer enquiries, to take payments, to keep our services secure, and to meet our legal obligations.',
    ],
  },
  {
    title: 'Our lawful bases',
    body: [
      'We rely on contract (to provide the services you ask for), legal obligation (for example record keeping and right-to-work checks), legitimate interests (to run and secure our business, balanced against your rights) and, where required, your consent, which you can withdraw at any time.',
    ],
  },
  {
    title: 'Who we share it with',
    body: [
      'Universities, colleges and employers you apply to; payment processors; IT, hosting and e-mail providers acting on our instructions; and authorities where the law requires it. We do not sell your personal data.',
    ],
  },
  {
    title: 'International transfers',
    body: [
      'Applying to study or work abroad means sharing information with institutions and employers outside the UK. Where a transfer is not covered by UK adequacy regulations we use safeguards such as the International Data Transfer Agreement, or rely on the transfer being necessary for the contract you asked us to perform.',
    ],
  },
  {
    title: 'How long we keep it',
    // The periods the scheduled housekeeping enforces, from the module the jobs read (schemas/retention.ts).
    body: retentionStatements,
  },
  {
    title: 'Your rights',
    body: [
      'You have the right to access, correct or delete your personal data, to restrict or object to its processing, to data portability, and to withdraw consent.',
      'Each dashboard has "Download my data" (a zip of everything we hold about you, with the files you uploaded) and "Delete my account" (confirmed with your password; it takes effect at once and we e-mail you a confirmation). You can also ask us by e-mail; we reply within one month.',
      'Job alert e-mails carry a one-click unsubscribe link that works without signing in.',
    ],
  },
  {
    title: 'Cookies and local storage',
    body: [
      'We use no advertising or tracking cookies. Your browser stores your sign-in session and preferences (such as favourite countries) in local storage on your device; signing out removes the session.',
    ],
  },
  {
    title: 'Contact and complaints',
    body: [
      "Contact us through /contactform or the e-mail address in the site footer with any question about your data. If you are unhappy with our answer you can complain to the Information Commissioner's Office (ico.org.uk, 0303 123 1113).",
    ],
  },
];
