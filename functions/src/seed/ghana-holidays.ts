/**
 * Ghana's public holidays, preloaded as closed days (closures/{day}, docs/front-desk.md): admins
 * change or remove them in the console, and add the clinic's own.
 *
 * Where they come from: the Public Holidays and Commemorative Days Act, 2001 (Act 601), as
 * amended in 2019 (Act 986) and by the Public Holidays and Commemorative Days (Amendment) Act,
 * 2025, which restored 1 July (Republic Day), added Shaqq Day (the day after Eid al-Fitr), made
 * 21 September Founder's Day and left 4 August a commemorative day only (no holiday). The
 * fixed days are those of the Act; Easter follows the Western church calendar. Three kinds of
 * day are known only near the time, so check them each year and correct them in the console:
 * - Eid al-Fitr and Eid al-Adha follow the moon: the Office of the National Chief Imam
 *   announces them days before; the dates here are the expected ones (marked so).
 * - A holiday on a Saturday or Sunday is usually observed on the next working day as well,
 *   as the Ministry of the Interior announces: listed here as '(observed)'.
 * - Under the 2025 Act the President may move a Tuesday-to-Thursday holiday to the Monday or
 *   Friday nearest; such moves are announced for the year.
 */
export interface PublicHoliday {
  day: string;
  name: string;
}

export const GHANA_HOLIDAYS: readonly PublicHoliday[] = [
  { day: '2026-12-04', name: "Farmers' Day" },
  { day: '2026-12-25', name: 'Christmas Day' },
  { day: '2026-12-26', name: 'Boxing Day' },
  { day: '2026-12-28', name: 'Boxing Day (observed)' },
  { day: '2027-01-01', name: "New Year's Day" },
  { day: '2027-01-07', name: 'Constitution Day' },
  { day: '2027-03-06', name: 'Independence Day' },
  { day: '2027-03-08', name: 'Independence Day (observed)' },
  { day: '2027-03-09', name: 'Eid al-Fitr (expected)' },
  { day: '2027-03-10', name: 'Shaqq Day (expected)' },
  { day: '2027-03-26', name: 'Good Friday' },
  { day: '2027-03-29', name: 'Easter Monday' },
  { day: '2027-05-01', name: "May Day (Workers' Day)" },
  { day: '2027-05-03', name: "May Day (Workers' Day) (observed)" },
  { day: '2027-05-16', name: 'Eid al-Adha (expected)' },
  { day: '2027-05-17', name: 'Eid al-Adha (expected, observed)' },
  { day: '2027-07-01', name: 'Republic Day' },
  { day: '2027-09-21', name: "Founder's Day" },
  { day: '2027-12-03', name: "Farmers' Day" },
  { day: '2027-12-25', name: 'Christmas Day' },
  { day: '2027-12-26', name: 'Boxing Day' },
  { day: '2027-12-27', name: 'Christmas Day (observed)' },
  { day: '2027-12-28', name: 'Boxing Day (observed)' },
];

/** How far ahead the seed closes the holidays: the next 12 months (later ones when it runs again). */
export const HOLIDAY_HORIZON_DAYS = 365;
