// Writes the bank holidays of England and Wales, as date-holidays (a development dependency)
// knows them, into src/server/response-times/england-and-wales-bank-holidays.json: the server
// reads that short list instead of loading the library, whose data for every country costs about
// 25 MB of memory held for good (docs/architecture.md#working-days). A test compares the list with
// what the installed library says, so an update that adds a day fails until this is run again:
//   node scripts/bank-holidays.mjs
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import Holidays from 'date-holidays';

export const FIRST_YEAR = 2000;
export const LAST_YEAR = 2099;
export const FILE = 'src/server/response-times/england-and-wales-bank-holidays.json';

/** Every bank holiday of England and Wales from FIRST_YEAR to LAST_YEAR, as YYYY-MM-DD. */
export function bankHolidays() {
  const englandAndWales = new Holidays('GB', 'ENG');
  const days = [];
  for (let year = FIRST_YEAR; year <= LAST_YEAR; year++)
    for (const holiday of englandAndWales.getHolidays(year) || [])
      if (holiday.type === 'public' || holiday.type === 'bank') days.push(holiday.date.slice(0, 10));
  return [...new Set(days)].sort();
}

export function listed() {
  const { version } = createRequire(import.meta.url)('date-holidays/package.json');
  return {
    source: `date-holidays ${version}, GB-ENG, public and bank holidays`,
    firstYear: FIRST_YEAR,
    lastYear: LAST_YEAR,
    days: bankHolidays(),
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  writeFileSync(FILE, `${JSON.stringify(listed(), null, 2)}\n`);
  console.log(`${FILE}: written`);
}
