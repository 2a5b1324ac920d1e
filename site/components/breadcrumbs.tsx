/**
 * The trail above a content page's title: Home, then the section the page belongs to (`parent`),
 * then the page itself (not a link).
 */
export function Breadcrumbs({
  parent,
  current,
}: {
  parent: { href: string; label: string };
  current: string;
}) {
  return (
    <nav className="breadcrumbs" aria-label="Breadcrumb">
      <ol>
        <li>
          <a href="/">Home</a>
        </li>
        <li>
          <a href={parent.href}>{parent.label}</a>
        </li>
        <li aria-current="page">{current}</li>
      </ol>
    </nav>
  );
}
