/**
 * Focuses the first of these elements in the page's order (an id missing from the page is left
 * out). A form's field messages come in its schema's order, which need not be the order a person
 * reads the form in: focus goes to the first field they would meet.
 */
export function focusFirstOnPage(ids: readonly string[]) {
  const elements = ids
    .map((id) => document.getElementById(id))
    .filter((el): el is HTMLElement => el !== null)
    .sort((a, b) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1));
  elements[0]?.focus();
  return elements[0];
}
