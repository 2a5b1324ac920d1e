import { z } from 'zod';
/**
 * The one spelling of an e-mail address that accounts, limits and look-ups compare, for every kind
 * of account (staff included): Unicode NFC, so a precomposed "ä" and "a" followed by a combining
 * diaeresis are one address, as a person reads them; trimmed; lower-cased (domains are
 * case-insensitive, and no mail provider we know gives two people local parts that differ only in
 * case). NFC again after lower-casing, as lower-casing may decompose a letter (U+0130).
 */
export const normalizeEmail = (email: string) => email.normalize('NFC').trim().toLowerCase().normalize('NFC');

/** An e-mail address as the forms take it (the specs' messages); normalised where it is looked up. */
export const emailField = z
  .string({ error: 'Email is required' })
  .trim()
  .min(1, 'Email is required')
  .max(320, 'Email is invalid')
  .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, 'Email is invalid');
