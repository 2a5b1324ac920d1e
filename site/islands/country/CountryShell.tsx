import { useQuery } from '@tanstack/react-query';
import { ApiError, api, getWithMessages, schemaFrom, notInProduction } from '#site/lib/api.ts';
import { idFromPath } from '#site/lib/shell-path.ts';
import { withQuery } from '../common/with-query.tsx';
import CountryTabs from './CountryTabs.tsx';
import {
  CountryGallery,
  CountryHero,
  CountryPrograms,
  countryPanels,
} from '#site/components/country/country-view.tsx';
import { LoadError } from '../common/LoadError.tsx';

// Response schemas load in development only, where answers are checked: this page ships no zod.
const catalogContract = () => (import.meta.env.DEV ? import('#schemas/catalog-dto.ts') : notInProduction());

/** The id in /country-details/{id}, or '' when the path has none. */

/**
 * A country created after the last build (served by the Worker's fallback): rendered from the API
 * with the spec's loading and error states (spec 1 sections 2.6 and 8).
 */
function CountryShell() {
  const id = idFromPath('/country-details/');
  const country = useQuery({
    queryKey: ['country', id],
    enabled: id !== '',
    retry: false,
    queryFn: () =>
      getWithMessages(
        `/api/countries/${encodeURIComponent(id)}`,
        { notFound: 'Country not found', failure: 'Failed to fetch country details.' },
        schemaFrom(catalogContract, 'countryDto'),
      ),
  });
  const subjects = useQuery({
    queryKey: ['subjects', 'country', id],
    enabled: id !== '',
    queryFn: async () => {
      try {
        return await api(`/api/subjects?countryId=${encodeURIComponent(id)}`, {
          schema: schemaFrom(catalogContract, 'subjectsResponse'),
        });
      } catch (e) {
        throw new Error(
          e instanceof ApiError
            ? `Failed to fetch subjects. Status: ${e.status}`
            : 'Failed to fetch subjects.',
          { cause: e },
        );
      }
    },
  });
  if (typeof window !== 'undefined' && id === '')
    return <LoadError fallbackHref="/destinations" message="No country ID provided" />;
  if (country.isPending)
    return (
      <div className="container section">
        <div className="spinner" role="status" aria-label="Loading country" />
      </div>
    );
  if (country.isError) return <LoadError fallbackHref="/destinations" message={country.error.message} />;
  const c = country.data;
  document.title = document.title.replace(/^[^|]*/, `Study in ${c.name} `);
  return (
    <>
      <CountryHero country={c} />
      <CountryTabs panels={countryPanels(c)} name={c.name} />
      <CountryGallery country={c} routeId={id} />
      {subjects.isError ? (
        <div className="container section">
          <p className="alert alert--error" role="alert">
            Failed to load data: {subjects.error.message}
          </p>
        </div>
      ) : subjects.isPending ? (
        <div className="spinner" role="status" aria-label="Loading programs" />
      ) : (
        <CountryPrograms country={c} programs={subjects.data} />
      )}
    </>
  );
}

export default withQuery(CountryShell);
