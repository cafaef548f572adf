import type { Kysely } from "kysely";
import type { Database } from "./schema";
import { seedAppealsDemo } from "./seed-appeals";
import { seedFundsDemo } from "./seed-funds";
import { seedPolicyAndRatesDemo } from "./seed-policy";

/**
 * Demo content for a brand-new database, so a first `npm start` shows a living site.
 * Runs once, right after the first migration, and never when SEED_DEMO=0.
 */

/**
 * Counts staff keep by hand. Total Raised is left to the books: the demo's year of gifts, as /transparency shows it.
 */
const DEMO_IMPACT_FIGURES = {
  meals_provided: "125000",
  families_supported: "3200",
  orphans_cared_for: "450",
};

// Each story's photo is shipped in public/demo/ (drawn by scripts/make-demo-photos.ts).
const DEMO_STORIES = [
  {
    title: "Clean Water Reaches Al-Noor Village",
    summary:
      "A new well now gives 300 families safe drinking water every day, ending a two-hour walk for the village's children.",
    content:
      "For years the children of Al-Noor walked two hours each morning to fetch water from a river that often made them ill. " +
      "Your Sadaqa Jariyah paid for a 60-metre borehole, a solar pump and a covered storage tank. " +
      "Today 300 families draw clean water a few minutes from their homes, and the children spend those two hours in school. " +
      "A local committee, trained by our team, keeps the pump running and collects a small fee for repairs.",
    image_filename: "/demo/village-well.webp",
    is_active: 1 as const,
    is_featured: 1 as const,
  },
  {
    title: "Amina's Second Chance at School",
    summary:
      "After losing her father, Amina nearly left school to work. Our Orphan Care programme kept her in class, and she now tops her year.",
    content:
      "When Amina's father died, her mother could no longer pay for uniforms and books, and Amina, then eleven, began selling bread at the market. " +
      "Through our Orphan Care programme a monthly sponsorship now covers her school fees, meals and a health check every term. " +
      "A mentor visits the family each month. Three years on, Amina is first in her class and wants to become a doctor.",
    image_filename: "/demo/school-classroom.webp",
    is_active: 1 as const,
    is_featured: 1 as const,
  },
  {
    title: "Winter Food Packs for 1,200 Families",
    summary:
      "Zakat gathered during Ramadan filled winter food packs with flour, rice, lentils, oil and dates for families facing the coldest months.",
    content:
      "Each pack feeds a family of five for a month. Volunteers packed and delivered them in eleven days, working with local mosques to reach widows, " +
      "the elderly and families who had lost their income. Every pack was funded by Zakat and went to people eligible to receive it.",
    image_filename: "/demo/winter-food-parcels.webp",
    is_active: 1 as const,
    is_featured: 0 as const,
  },
  {
    title: "A Mobile Clinic After the Floods",
    summary:
      "When floods cut the valley off, our emergency team ran a mobile clinic that treated more than 900 patients in three weeks.",
    content:
      "Doctors and nurses travelled with medicines, water purification tablets and hygiene kits. " +
      "They treated infections, cared for pregnant women and vaccinated children against the diseases that follow floods. " +
      "Your emergency donations kept the clinic moving until the roads reopened.",
    image_filename: "/demo/flood-clinic.webp",
    is_active: 1 as const,
    is_featured: 0 as const,
  },
  {
    title: "Sewing Machines, Steady Incomes",
    summary:
      "Twenty widows completed a six-month tailoring course and received their own sewing machines to start small businesses.",
    content:
      "The women now sew school uniforms and clothes for their neighbours. Most earn enough to cover rent and food, " +
      "and four of them have taken on apprentices of their own.",
    image_filename: "/demo/sewing-workshop.webp",
    is_active: 1 as const,
    is_featured: 0 as const,
  },
];

const DEMO_TESTIMONIALS = [
  {
    name: "Yusuf Rahman",
    country: "United Kingdom",
    text: "Paying my Zakat here is simple, and the updates show me exactly where it went. I trust them with my family's giving.",
    rating: 5,
    category: "donor" as const,
    is_approved: 1 as const,
  },
  {
    name: "Fatima Hassan",
    country: "Kenya",
    text: "When my husband passed away, the foundation supported my children's schooling and our food. They treated us with dignity.",
    rating: 5,
    category: "recipient" as const,
    is_approved: 1 as const,
  },
  {
    name: "Omar Siddiqui",
    country: "United States",
    text: "Volunteering at the Ramadan food drive was the most meaningful week of my year. The team is organised and kind.",
    rating: 5,
    category: "volunteer" as const,
    is_approved: 1 as const,
  },
  {
    name: "Layla Ahmed",
    country: "Canada",
    text: "The monthly donation option makes regular Sadaqa easy. I would love to see more stories from the orphan programme.",
    rating: 4,
    category: "donor" as const,
    is_approved: 0 as const,
  },
];

/** The calendar date `days` from now, as 'YYYY-MM-DD'. */
function dateFromToday(days: number): string {
  const date = new Date();
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

function demoEvents() {
  return [
    {
      title: "Community Iftar Dinner",
      description: "Break your fast with neighbours and families we support. Every ticket feeds a family for a week.",
      date: dateFromToday(21),
      location: "Community Centre, 123 Charity Lane",
    },
    {
      title: "Zakat Clinic: Ask a Scholar",
      description:
        "Bring your questions about Zakat on savings, gold, shares and business stock. Free one-to-one advice.",
      date: dateFromToday(35),
      location: "Central Mosque Library",
    },
    {
      title: "Charity Fun Run for Orphan Care",
      description: "A 5 km family run and walk. Sponsorship raised goes to school fees and meals for orphans.",
      date: dateFromToday(56),
      location: "Riverside Park",
    },
    {
      title: "Winter Food Pack Volunteering Day",
      description: "Volunteers packed 400 food parcels for families facing the winter months.",
      date: dateFromToday(-30),
      location: "Foundation Warehouse",
    },
  ];
}

/**
 * `money: false` leaves out the year of gifts, the ledger and the appeals: a site whose payments are
 * live must never hold made-up money (decision 084), though it may start with the demo's
 * stories and figures, which staff can edit or delete. Nor does it get the demo's Zakat
 * policy and rates: a live foundation publishes its own (decision 138).
 */
export async function seedDemoContent(db: Kysely<Database>, { money = true }: { money?: boolean } = {}): Promise<void> {
  await db.transaction().execute(async (trx) => {
    for (const [key, value] of Object.entries(DEMO_IMPACT_FIGURES)) {
      await trx.updateTable("settings").set({ value }).where("key", "=", key).execute();
    }
    // Older stories first, so the newest-first listing shows them in the order written above.
    const base = Date.now() - DEMO_STORIES.length * 86_400_000;
    await trx
      .insertInto("stories")
      .values(
        DEMO_STORIES.map((story, index) => {
          const at = new Date(base + (DEMO_STORIES.length - index) * 86_400_000).toISOString();
          return { ...story, created_at: at, updated_at: at };
        }),
      )
      .execute();
    await trx.insertInto("events").values(demoEvents()).execute();
    await trx.insertInto("testimonials").values(DEMO_TESTIMONIALS).execute();
    if (money) {
      await seedFundsDemo(trx);
      await seedPolicyAndRatesDemo(trx);
      // Appeals ask for money: a live site writes its own rather than take gifts for the demo's.
      await seedAppealsDemo(trx);
    }
  });
}
