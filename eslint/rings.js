import { readdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/**
 * Which import may go where, as zones for import-x/no-restricted-paths.
 *
 * The app is made of feature slices, `app/<area>/<feature>/`, each holding its own rings:
 *
 *   routes/, components/ (UI)  ->  server/ (*.server.ts: rules, I/O)  ->  app/lib (infrastructure), db
 *                 \------------------------------------------------->  rules/ (pure, shared with the browser)
 *
 * A slice is reached from outside only through its public modules: `index.ts` (pure rules),
 * `index.ui.ts` (components) and `index.server.ts` (server code), so what they leave out can
 * change freely. A slice's integration tests and end-to-end specs sit in its `tests/`, which
 * may reach into other slices' insides when a test needs their records. Around the slices
 * stand three shared folders that import no feature: `app/ui` (shared UI), `app/shared` (the
 * pure common vocabulary: money, dates, Hijri) and `app/lib` (infrastructure). `db/` (schema, migrations, seed) stands
 * apart from the app so that a migration stays as it ran. Purity (no React, Node or server packages in rules/ and
 * shared/) is checked by no-restricted-imports in eslint.config.js.
 */
const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const app = path.join(root, "app");
export const SHARED_FOLDERS = ["ui", "shared", "lib"];
const PUBLIC_MODULES = ["./index.ts", "./index.ui.ts", "./index.server.ts"];
/** The folders of a slice's code; beside them its tests/, which the app never imports. */
const SLICE_RINGS = ["routes", "components", "server", "rules"];

const dirsIn = (dir) =>
  readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

/** Every feature slice, as `<area>/<feature>`. */
export function slices() {
  return dirsIn(app)
    .filter((area) => !SHARED_FOLDERS.includes(area))
    .flatMap((area) => dirsIn(path.join(app, area)).map((feature) => `${area}/${feature}`));
}

/** What a slice may hold: the rings' folders, tests, a README and its three public modules. */
const SLICE_FOLDERS = [...SLICE_RINGS, "tests"];
const SLICE_FILES = ["README.md", ...PUBLIC_MODULES.map((module) => module.slice(2))];

/**
 * Every entry that would sit outside the rules: a file or folder in a slice that is not one of
 * the above, or a file in an area beside its slices other than its README. The zones name the
 * rings' folders, so what lay elsewhere would be checked by nothing; eslint.config.js refuses
 * to lint at all while one exists.
 */
export function sliceLayoutProblems() {
  const problems = [];
  for (const area of dirsIn(app).filter((name) => !SHARED_FOLDERS.includes(name))) {
    for (const entry of readdirSync(path.join(app, area), { withFileTypes: true })) {
      if (entry.isFile() && entry.name !== "README.md") {
        problems.push(`app/${area}/${entry.name}: an area holds only its slices and a README; put it in a slice.`);
      }
      if (!entry.isDirectory()) continue;
      for (const inside of readdirSync(path.join(app, area, entry.name), { withFileTypes: true })) {
        const allowed = inside.isDirectory() ? SLICE_FOLDERS : SLICE_FILES;
        if (!allowed.includes(inside.name)) {
          problems.push(
            `app/${area}/${entry.name}/${inside.name}: a slice holds only ${SLICE_FOLDERS.join("/, ")}/ and ` +
              `${SLICE_FILES.join(", ")}, so that every file in it falls under one ring's rules (eslint/rings.js).`,
          );
        }
      }
    }
  }
  return problems;
}

export function ringZones() {
  const all = slices();
  const sliceDirs = all.map((slice) => `./app/${slice}`);
  const zones = [
    {
      target: "./app/lib",
      from: [...sliceDirs, "./app/ui"],
      except: ["./index.ts"],
      message:
        "app/lib is infrastructure (database, session, payments, files): it may read a slice's pure rules (its index.ts) but no feature's server code, UI or screen glue, which live in that feature's slice.",
    },
    {
      target: "./app/ui",
      from: sliceDirs,
      message:
        "app/ui is shared UI and imports no feature: a component that needs a feature belongs in that feature's slice.",
    },
    {
      target: "./app/shared",
      from: [...sliceDirs, "./app/ui", "./app/lib"],
      message: "app/shared is the pure common vocabulary every slice reads: it imports only app/shared.",
    },
    {
      target: "./db",
      from: "./app",
      message: "db/ (schema, migrations, seed) imports no app code, so a migration stays as it ran.",
    },
    {
      target: [...all.flatMap((slice) => [`./app/${slice}/routes`, `./app/${slice}/components`]), "./app/ui"],
      from: "./app/lib/db.server.ts",
      message: "Only server code speaks to the database: a route asks its slice's server/ module.",
    },
  ];
  for (const slice of all) zones.push(...sliceZones(slice, all));
  return zones;
}

function sliceZones(slice, all) {
  const here = `./app/${slice}`;
  // The other slices' code: their rings and public modules. A slice's tests/ is left out, so a
  // test may build its records with another slice's server code, as tests/support does.
  const others = all
    .filter((other) => other !== slice)
    .flatMap((other) => [
      ...SLICE_RINGS.map((ring) => `./app/${other}/${ring}`),
      ...PUBLIC_MODULES.map((module) => `./app/${other}/${module.slice(2)}`),
    ]);
  return [
    {
      // A slice's insides are its own; others use what its public modules export.
      target: [
        ...others,
        ...SHARED_FOLDERS.map((folder) => `./app/${folder}`),
        "./app/root.tsx",
        "./app/entry.server.tsx",
      ],
      from: here,
      except: PUBLIC_MODULES,
      message: `Reach ${slice} through its public modules (~/${slice} for pure rules, ~/${slice}/index.ui for components, ~/${slice}/index.server for server code), not its insides: export what you need there.`,
    },
    {
      target: `${here}/index.ts`,
      from: [
        `${here}/server`,
        `${here}/routes`,
        `${here}/components`,
        `${here}/index.ui.ts`,
        `${here}/index.server.ts`,
      ],
      message:
        "index.ts is the slice's pure public module: it re-exports only rules/, so the browser and rules/ may import it.",
    },
    {
      target: `${here}/index.ui.ts`,
      from: [`${here}/server`, `${here}/routes`, `${here}/index.server.ts`],
      message:
        "index.ui.ts gives other slices this slice's components: it re-exports components/ and rules/, never server code.",
    },
    {
      target: `${here}/rules`,
      from: [
        `${here}/server`,
        `${here}/routes`,
        `${here}/components`,
        `${here}/index.ui.ts`,
        `${here}/index.server.ts`,
        "./app/lib",
        "./app/ui",
      ],
      message:
        "rules/ is pure and runs in the browser too: it imports only rules (its own, a slice's index.ts, app/shared).",
    },
    {
      target: `${here}/server`,
      from: [`${here}/routes`, `${here}/components`, `${here}/index.ui.ts`, "./app/ui"],
      message: "server/ holds the rules and the I/O; the UI calls it, never the other way round.",
    },
    {
      target: `${here}/components`,
      from: [`${here}/server`, `${here}/routes`, `${here}/index.server.ts`],
      message: "Components render what a route's loader gives them; they never call server code or routes.",
    },
  ];
}
