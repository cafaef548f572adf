// `npm run db:fill-giving -- <file> [donations] [subscriptions] [appeal gifts]`: fills a
// throw-away SQLite file with a large history (100,000 donations and 5,000 subscriptions
// by default, plus 20,000 ledger entries, 50,000 contact messages, 20,000 volunteers,
// 20,000 newsletter addresses, and an appeal of 100,000 gifts beside five smaller ones)
// to try the staff screens, the transparency report and the appeals at scale.
// Never point it at a real database.
import { existsSync } from "node:fs";
import { fillAppealHistory } from "./appeal-history";
import { fillCommunityHistory } from "./community-history";
import { fillGivingHistory } from "./giving-history";
import { fillLedgerHistory } from "./ledger-history";

const [file, donations = "100000", subscriptions = "5000", appealGifts = "100000"] = process.argv.slice(2);
if (!file) {
  console.error("Usage: npm run db:fill-giving -- <new-file.sqlite> [donations] [subscriptions] [appeal gifts]");
  process.exit(1);
}
if (existsSync(file)) {
  console.error(`${file} already exists: this script only fills a new, throw-away database.`);
  process.exit(1);
}
const started = Date.now();
await fillGivingHistory(file, { donations: Number(donations), subscriptions: Number(subscriptions) });
const entries = fillLedgerHistory(file, { entries: 20_000 });
fillCommunityHistory(file, { messages: 50_000, volunteers: 20_000, subscribers: 20_000 });
const appeal = fillAppealHistory(file, { gifts: Number(appealGifts) });
console.log(
  `Filled ${file} with ${donations} donations, ${subscriptions} subscriptions, ${entries} ledger entries, 50000 contact messages, 20000 volunteers, ` +
    `20000 newsletter addresses and the appeal /appeals/${appeal.slug} (number ${appeal.id}) of ${appeal.gifts} gifts in ${((Date.now() - started) / 1000).toFixed(1)} s.`,
);
console.log(`Start the site on it: DATABASE_URL=file:${file} npm start`);
