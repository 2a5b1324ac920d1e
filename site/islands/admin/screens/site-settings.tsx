import { useEffect, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  siteContactsSavedResponse,
  siteSettingsResponse,
  siteSettingsSavedResponse,
} from '#schemas/admin/index.ts';
import {
  SITE_CONTACTS_ADMIN_ONLY,
  siteBrandSchema,
  siteContactFields,
  siteContactLabels,
  siteContactsSchema,
} from '#schemas/content.ts';
import { adminApi, type StaffProfile } from '../session.ts';
import { AdminAlert } from '../AdminAlert.tsx';
import { scalarText } from '#site/lib/format.ts';
import { cleanLists, jsonSchemaOf, type Node, type Obj } from '../form-engine/schema.ts';
import { NotSaved, SchemaForm, useFieldErrors } from '../form-engine/SchemaForm.tsx';

/** The fields of `item` a form edits (the keys of its schema's properties). */
const pickFields = (item: Obj, schema: Node): Obj =>
  Object.fromEntries(Object.keys(schema.properties ?? {}).map((k) => [k, item[k]]));

/**
 * The site settings (content/site.json as staff edit it), in two parts. The brand and the video
 * links of the posters: editors and admins. The contact details, the staff notification address
 * and the company details: admins only (they decide where enquiries go and how the public reaches
 * the company), each change e-mailed to the previous addresses; editors see them read-only. The
 * server names every field it refuses (`ApiError.fields`); each message shows beside its field.
 */
export function SiteSettings({ me }: { me: StaffProfile }) {
  const queryClient = useQueryClient();
  const brandSchema = jsonSchemaOf(siteBrandSchema);
  const contactsSchema = jsonSchemaOf(siteContactsSchema);
  const admin = me.role === 'admin';
  const q = useQuery({
    queryKey: ['admin', 'site-settings'],
    queryFn: () => adminApi('/site-settings', { schema: siteSettingsResponse }),
  });
  const [brand, setBrand] = useState<Obj | null>(null);
  const [contacts, setContacts] = useState<Obj | null>(null);
  // The first answer fills both forms; after that each form shows what its own save stored. A
  // refetch (the invalidation after either save) must not overwrite what the person is typing: it
  // did, and a change typed in one form just after saving the other was silently lost.
  useEffect(() => {
    if (!q.data) return;
    const { item } = q.data;
    setBrand((draft) => draft ?? pickFields(item, brandSchema));
    setContacts((draft) => draft ?? pickFields(item, contactsSchema));
  }, [q.data, brandSchema, contactsSchema]);
  const brandErrors = useFieldErrors('site-settings-error');
  const contactErrors = useFieldErrors('site-contacts-error');
  const saveBrand = useMutation({
    mutationFn: () =>
      adminApi('/site-settings', {
        method: 'PUT',
        body: cleanLists(brand ?? {}) as Obj,
        schema: siteSettingsSavedResponse,
      }),
    onMutate: brandErrors.clear,
    onSuccess: ({ item }) => {
      setBrand(pickFields(item, brandSchema));
      void queryClient.invalidateQueries({ queryKey: ['admin'] });
    },
    onError: brandErrors.onError,
  });
  const saveContacts = useMutation({
    mutationFn: () =>
      adminApi('/site-settings/contacts', {
        method: 'PUT',
        body: cleanLists(contacts ?? {}) as Obj,
        schema: siteContactsSavedResponse,
      }),
    onMutate: contactErrors.clear,
    onSuccess: ({ item }) => {
      setContacts(pickFields(item, contactsSchema));
      void queryClient.invalidateQueries({ queryKey: ['admin'] });
    },
    onError: contactErrors.onError,
  });
  if (q.isPending) return <p>Loading…</p>;
  if (q.isError) return <AdminAlert error={q.error} />;
  if (!brand || !contacts) return null;
  return (
    <section className="admin-detail admin-detail--wide" aria-labelledby="site-settings-title">
      <h2 id="site-settings-title">Site settings</h2>
      <p className="admin-muted">
        The company's name and brand appear in every page, e-mail and receipt. Video links play in place from
        the posters: a YouTube or Vimeo link (shown through their privacy-enhanced players) or an https link
        to an .mp4 or .webm file; leave one empty to show the poster only. Changes reach the pages at the next
        publish.
      </p>
      <SchemaForm
        schema={brandSchema}
        draft={brand}
        setDraft={setBrand}
        errors={brandErrors.errors}
        readOnlyId={false}
        images={['logo']}
        warnings={{}}
        kind="site"
        labels={{}}
        choices={{}}
        save={saveBrand}
        problem={<NotSaved id="site-settings-error" errors={brandErrors.errors} />}
      />
      <h3 id="site-contacts-title">Contact details and company</h3>
      <p className="admin-muted">
        Where enquiries and staff alerts go, how the public reaches the company, and its registered details.
        {admin
          ? ' Each change is recorded in the audit log and e-mailed to the addresses that held it until now.'
          : ` ${SITE_CONTACTS_ADMIN_ONLY}`}
      </p>
      {admin ? (
        <SchemaForm
          schema={contactsSchema}
          draft={contacts}
          setDraft={setContacts}
          errors={contactErrors.errors}
          readOnlyId={false}
          images={[]}
          warnings={{}}
          kind="site"
          labels={{}}
          choices={{}}
          save={saveContacts}
          saveLabel="Save contact details"
          saved={saveContacts.data?.message}
          problem={<NotSaved id="site-contacts-error" errors={contactErrors.errors} />}
        />
      ) : (
        <dl className="admin-dl">
          {siteContactFields.map((field) => (
            <div key={field}>
              <dt>{siteContactLabels[field]}</dt>
              <dd>
                {Object.values(
                  contacts[field] !== null && typeof contacts[field] === 'object'
                    ? (contacts[field] as Obj)
                    : { value: contacts[field] },
                )
                  .map(scalarText)
                  .join(', ')}
              </dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}
