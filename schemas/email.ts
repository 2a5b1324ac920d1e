/**
 * The one spelling of an e-mail address that accounts, limits and look-ups compare, for every kind
 * of account (staff included): Unicode NFC, so a precomposed "ä" and "a" followed by a combining
 * diaeresis are one address, as a person reads them; trimmed; lower-cased (domains are
 * case-insensitive, and no mail provider we know gives two people local parts that differ only in
 * case). NFC again after lower-casing, as lower-casing may decompose a letter (U+0130).
 */
export const normalizeEmail = (email: string) => email.normalize('NFC').trim().toLowerCase().normalize('NFC');
