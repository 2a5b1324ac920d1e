import type { ReactNode } from 'react';
import type { SubjectDto } from '#schemas/catalog.ts';
import { cleanList, formatTuition, paragraphs, studentsLabel, usableImages } from '#site/lib/format.ts';
import type { TabPanel } from '#site/islands/common/Tabs.tsx';
import { Breadcrumbs } from '#site/components/breadcrumbs.tsx';
import { ContentImage } from '#site/components/content-image.tsx';
import { GALLERY_SIZES, HERO_SIZES } from '#site/lib/image-sizes.ts';
import '../../styles/country-subject.css';

export const subjectDefaults = { degree: 'Bachelor', duration: '4 Years', code: '257555' };

export function subjectPanels(s: SubjectDto): TabPanel[] {
  const er = s.entryRequirements ?? {
    description: '',
    academicRequirements: [],
    englishLanguageRequirements: [],
    additionalRequirements: [],
  };
  const cp = s.careerProspects ?? {
    description: '',
    additionalDescription: '',
    careerPaths: [],
    employmentStatistics: '',
  };
  return [
    {
      id: 'about',
      label: 'About',
      blocks: [
        {
          heading: 'Program overview',
          paragraphs: paragraphs(s.description),
          fallback: 'A full program description will be available soon. Contact us for details.',
        },
      ],
    },
    {
      id: 'requirements',
      label: 'Requirements',
      blocks: [
        { paragraphs: cleanList([er.description]) },
        {
          heading: 'Academic requirements',
          items: cleanList(er.academicRequirements),
          fallback: 'No specific academic requirements listed.',
        },
        {
          heading: 'English language requirements',
          items: cleanList(er.englishLanguageRequirements),
          fallback: 'No specific English language requirements listed.',
        },
        {
          heading: 'Additional requirements',
          items: cleanList(er.additionalRequirements),
          fallback: 'No additional requirements listed.',
        },
      ],
    },
    {
      id: 'careers',
      label: 'Careers',
      blocks: [
        {
          paragraphs: cleanList([cp.description, cp.additionalDescription]),
          fallback: 'Career information will be available soon.',
        },
        {
          heading: 'Career paths',
          items: cleanList(cp.careerPaths),
          fallback: 'No career paths listed yet.',
        },
        { heading: 'Employment', paragraphs: cleanList([cp.employmentStatistics]) },
      ],
    },
  ];
}

/**
 * `inline`: the hero image and the university's logo as inline SVG markup, when the pre-rendered
 * page has them as small SVG files of ours (site/lib/inline-image.ts); otherwise they are images.
 */
export function SubjectHero({
  subject,
  universityName,
  inline = {},
  children,
}: {
  subject: SubjectDto;
  universityName: string;
  inline?: { image?: string | undefined; logo?: string | undefined };
  children?: ReactNode;
}) {
  return (
    <section className="hero hero--compact subject-hero">
      <div className="container hero__grid">
        <div>
          <Breadcrumbs parent={{ href: '/courses', label: 'Courses' }} current={subject.name} />
          <p className="subject-uni">
            <ContentImage
              svg={inline.logo}
              src={subject.logo}
              alt={subject.logoAlt}
              width={40}
              height={40}
              sizes="40px"
              eager
              className="subject-uni__logo"
            />{' '}
            <span>{universityName}</span>
          </p>
          <h1>{subject.name}</h1>
          <p className="lead">{subject.location}</p>
          <ul className="pill-list">
            <li className="badge">{subject.degreeType || subjectDefaults.degree}</li>
            <li className="badge">{subject.duration || subjectDefaults.duration}</li>
            <li className="badge">{studentsLabel(subject.students)}</li>
          </ul>
          {children}
        </div>
        <div className="hero__media">
          <ContentImage
            svg={inline.image}
            src={subject.image}
            alt={subject.imageAlt}
            width={560}
            height={315}
            sizes={HERO_SIZES}
            priority
            className="content-image--hero"
          />
        </div>
      </div>
    </section>
  );
}

export function CampusGallery({ subject }: { subject: SubjectDto }) {
  // Each usable image with its alt text (the lists are in the same order; unusable entries are dropped).
  const images = subject.universityimage
    .map((src, i) => ({ src, alt: subject.universityimageAlt?.[i] ?? `Campus view ${i + 1}` }))
    .filter(({ src }) => usableImages([src]).length > 0);
  if (images.length === 0) return null;
  return (
    <section className="campus" aria-labelledby="campus-title">
      <h2 id="campus-title">Campus gallery</h2>
      <ul className="gallery" role="list" data-testid="campus-gallery">
        {images.map(({ src, alt }, i) => (
          <li key={src + i}>
            <ContentImage src={src} alt={alt} width={400} height={260} sizes={GALLERY_SIZES} />
          </li>
        ))}
      </ul>
    </section>
  );
}

export function SideCards({
  subject,
  universityName,
  tuition,
  children,
}: {
  subject: SubjectDto;
  universityName: string;
  /** The tuition in the person's currency (an island, site/islands/finder/Tuition.tsx); else the program's own. */
  tuition?: ReactNode;
  children?: ReactNode;
}) {
  const plan = subject.studyPlan ?? { degree: '', duration: '', intake: '', futureIntakes: [] };
  const future = cleanList(plan.futureIntakes);
  return (
    <aside className="side-cards" aria-label="Program summary">
      <div className="card card__body">
        <h2 className="side-title">Program Overview</h2>
        <dl className="facts">
          <div>
            <dt>Degree</dt>
            <dd>{plan.degree || subject.degreeType || subjectDefaults.degree}</dd>
          </div>
          <div>
            <dt>Duration</dt>
            <dd>{plan.duration || subject.duration || subjectDefaults.duration}</dd>
          </div>
          <div>
            <dt>Tuition</dt>
            <dd>{tuition ?? formatTuition(subject.basePrice, subject.currency)}</dd>
          </div>
          <div>
            <dt>University</dt>
            <dd>{universityName}</dd>
          </div>
          <div>
            <dt>Location</dt>
            <dd>{subject.location}</dd>
          </div>
          <div>
            <dt>Program code</dt>
            <dd>{subject.code || subjectDefaults.code}</dd>
          </div>
        </dl>
      </div>
      <div className="card card__body">
        <h2 className="side-title">Program Intakes</h2>
        <ul className="intakes" data-testid="intakes">
          {plan.intake && (
            <li>
              <span>{plan.intake}</span>
              <span className="badge badge--open">Open</span>
            </li>
          )}
          {future.map((f) => (
            <li key={f}>
              <span>{f}</span>
              <span className="badge">Upcoming</span>
            </li>
          ))}
          {!plan.intake && future.length === 0 && (
            <li className="muted">Intake dates will be announced soon.</li>
          )}
        </ul>
      </div>
      <div className="card card__body enroll-card">
        <h2 className="side-title">Ready to Enroll</h2>
        <p>Apply with free support from our admissions team.</p>
        {children}
      </div>
    </aside>
  );
}
