import { useQuery } from '@tanstack/react-query';
import { api, schemaFrom, notInProduction } from '#site/lib/api.ts';
import { withQuery } from '../common/with-query.tsx';
import type { RecruitmentServicesRecord } from '#schemas/recruitment.ts';
import { builtInServices } from './fallback.ts';
import { Icon } from './Icon.tsx';
import { ContentImage } from '#site/components/content-image.tsx';
import { PANEL_SIZES } from '#site/lib/image-sizes.ts';

// Response schemas load in development only, where answers are checked: this page ships no zod.
const jobsContract = () => (import.meta.env.DEV ? import('#schemas/recruitment.ts') : notInProduction());

/**
 * Recruitment services: the record read at build time (or the built-in default) until the server's
 * answer arrives; the default stays if the call fails or answers an empty list.
 */
export default withQuery(Services);

function Services({ initial = builtInServices }: { initial?: RecruitmentServicesRecord }) {
  const { data } = useQuery({
    queryKey: ['recruitment-services'],
    queryFn: async () => {
      try {
        return await api('/api/recruitment-services', {
          schema: schemaFrom(jobsContract, 'recruitmentServicesResponse'),
        });
      } catch (error) {
        console.warn('Recruitment services could not be loaded; keeping the default.', error);
        return [];
      }
    },
  });
  const record = data?.[0] ?? initial;
  return (
    <section className="rc-section rc-services" aria-labelledby="rc-services-title">
      <div className="rc-services__intro">
        <div>
          <h2 id="rc-services-title">{record.title}</h2>
          <p>{record.description}</p>
        </div>
        <ContentImage
          src={record.mainImage}
          alt={record.mainImageAlt}
          width={480}
          height={320}
          sizes={PANEL_SIZES}
        />
      </div>
      <ul className="rc-services__list">
        {record.services.map((s) => (
          <li key={s._id} className="rc-card rc-service">
            <span className="rc-icon-badge" aria-hidden="true">
              <Icon name={s.icon} />
            </span>
            <h3>{s.title}</h3>
            <p>{s.description}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
