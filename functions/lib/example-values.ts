import type { SiteContent } from '#schemas/content.ts';
import type { ConfigProblem } from '#schemas/build.ts';

/**
 * Example values that must not reach production: the seed's contacts are at
 * example.com, its company number is Companies House's placeholder and its phone number is in
 * Ofcom's range kept for drama. In a deployed Worker they would bounce staff alerts and print a
 * made-up company on every page, so GET /api/health answers 503 naming each one (values are shown
 * nowhere: the names of the fields and settings are enough to fix them).
 */

/** Domains reserved for examples and tests (RFC 2606, RFC 6761): mail to them goes nowhere. */
const EXAMPLE_DOMAINS = ['example.com', 'example.net', 'example.org'];
const EXAMPLE_TLDS = ['example', 'test', 'invalid', 'localhost'];

/** The reserved example domain a host name is in, or null (`mail.example.com` → `example.com`). */
export function exampleDomainOf(host: string): string | null {
  const name = host.trim().toLowerCase().replace(/\.$/, '');
  const domain = EXAMPLE_DOMAINS.find((d) => name === d || name.endsWith(`.${d}`));
  if (domain) return domain;
  const tld = name.split('.').at(-1) ?? '';
  return EXAMPLE_TLDS.includes(tld) ? `.${tld}` : null;
}

/** Host names in a piece of text: of e-mail addresses (`a@host`) and of absolute URLs (`https://host/…`). */
function hostsIn(text: string): string[] {
  const hosts: string[] = [];
  for (const match of text.matchAll(/[^\s@<>"]+@([a-z0-9.-]+\.[a-z0-9-]+)/gi)) hosts.push(match[1]!);
  for (const match of text.matchAll(/\bhttps?:\/\/([^/\s:?#<>"]+)/gi)) hosts.push(match[1]!);
  return hosts;
}

/** The example domain a setting's text uses (an address, a `Name <address>` sender, a URL), or null. */
export function exampleDomainIn(text: string | undefined | null): string | null {
  for (const host of hostsIn(text ?? '')) {
    const domain = exampleDomainOf(host);
    if (domain) return domain;
  }
  return null;
}

/** The company number Companies House never issues, shipped in content/site.json as a placeholder. */
export const PLACEHOLDER_COMPANY_NUMBER = '00000000';

/**
 * Whether a phone number is one of Ofcom's numbers kept for drama (never assigned to anyone): London
 * 020 7946 0000–0999, the 01632 960xxx area and mobiles 07700 900000–900999; or marked "(example)".
 */
export function isExamplePhone(phone: string): boolean {
  if (/\(example\)/i.test(phone)) return true;
  const digits = phone.replace(/\D/g, '').replace(/^44/, '0');
  return /^(?:02079460\d{3}|01632960\d{3}|07700900\d{3})$/.test(digits);
}

/** Every string of a value with its dotted path (`social.facebook`), for a scan of the whole block. */
function strings(value: unknown, path: string): [string, string][] {
  if (typeof value === 'string') return [[path, value]];
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([key, v]) => strings(v, path ? `${path}.${key}` : key));
  return [];
}

/** The site settings' example values, one problem per field (`site.email`, `site.companyNumber`). */
export function siteExampleValues(site: SiteContent): ConfigProblem[] {
  const problems: ConfigProblem[] = [];
  for (const [path, text] of strings(site, '')) {
    const domain = exampleDomainIn(text);
    if (domain)
      problems.push({
        setting: `site.${path}`,
        problem: `uses the example domain ${domain}: set the real one in the back office (Content → Site settings)`,
        blocking: false,
      });
  }
  if (site.companyNumber === PLACEHOLDER_COMPANY_NUMBER)
    problems.push({
      setting: 'site.companyNumber',
      problem: `is the placeholder ${PLACEHOLDER_COMPANY_NUMBER}: set the company's Companies House number`,
      blocking: false,
    });
  if (isExamplePhone(site.phone))
    problems.push({
      setting: 'site.phone',
      problem: 'is an example number (a range kept for drama): set the real one',
      blocking: false,
    });
  return problems;
}
