// A large community history for measuring the staff lists: contact messages (most of
// them resolved), volunteer signups and newsletter addresses over three years. Written
// straight through better-sqlite3 in one transaction, so the search indexes' triggers
// fill them as they would in production. The database must already be migrated.
import { VOLUNTEER_INTERESTS } from "~/community/volunteers/rules/volunteer-schemas";
import { DOMAINS, FIRST_NAMES, LAST_NAMES, openForFilling, random } from "./giving-history";

const TOPICS = [
  "How do I calculate Zakat on my gold jewellery?",
  "Can my monthly gift go to orphan care only?",
  "I would like a receipt for my donation last Ramadan.",
  "Our mosque wants to organise a food drive with you.",
  "Is Zakat al-Fitr collected through this website?",
  "Please update the email address on my monthly gift.",
  "We need help with rent this month; who can I speak to?",
  "Do you accept donations of clothes and school books?",
];

export interface CommunityHistory {
  messages: number;
  volunteers: number;
  subscribers: number;
}

export function fillCommunityHistory(filePath: string, size: CommunityHistory): void {
  const db = openForFilling(filePath);
  const next = random(20_261_124);
  const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)]!;
  const start = Date.UTC(2023, 10, 1);
  const span = Date.UTC(2026, 10, 1) - start;
  // In date order, as they arrive: the newest are the ones still pending.
  const at = (index: number, count: number) => new Date(start + (span * (index + next())) / count).toISOString();
  const person = (index: number) => {
    const first = pick(FIRST_NAMES);
    const last = pick(LAST_NAMES);
    return { name: `${first} ${last}`, email: `${first}.${last}.${index}@${pick(DOMAINS)}`.toLowerCase() };
  };

  const insertMessage = db.prepare(
    "insert into contact_submissions (name, email, message, submitted_at, resolved) values (@name, @email, @message, @submitted_at, @resolved)",
  );
  const insertVolunteer = db.prepare(
    "insert into volunteer_signups (name, email, interest, submitted_at) values (@name, @email, @interest, @submitted_at)",
  );
  const insertSubscriber = db.prepare(
    "insert into newsletter_subscribers (email, subscribed_at, status, unsubscribe_token) values (@email, @subscribed_at, 'confirmed', @token)",
  );

  db.transaction(() => {
    for (let index = 0; index < size.messages; index += 1) {
      const resolved = index < size.messages * 0.95 || next() < 0.3 ? 1 : 0;
      insertMessage.run({
        ...person(index),
        message: `${pick(TOPICS)} ${pick(TOPICS)}`,
        submitted_at: at(index, size.messages),
        resolved,
      });
    }
    for (let index = 0; index < size.volunteers; index += 1) {
      insertVolunteer.run({
        ...person(index),
        interest: pick(VOLUNTEER_INTERESTS),
        submitted_at: at(index, size.volunteers),
      });
    }
    for (let index = 0; index < size.subscribers; index += 1) {
      insertSubscriber.run({
        email: person(index).email,
        subscribed_at: at(index, size.subscribers),
        token: `bench-${index}`,
      });
    }
  })();
  db.pragma("optimize");
  db.close();
}
