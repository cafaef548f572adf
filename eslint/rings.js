import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/**
 * Which import may go where, as zones for import-x/no-restricted-paths. The rings:
 *
 *   routes, components (UI)  ->  services (rules, I/O)  ->  lib (infrastructure), db
 *                   \----------------------------------->  domain (pure, shared with the browser)
 *
 * Dependencies point down: lib never reaches up into a service, domain imports nothing
 * but other domain code, and db (schema, migrations, seed) stands apart from the app so
 * that a migration stays as it ran. Within services and domain, code is grouped by the
 * charity's areas (giving, content, community, mail, staff, donors ...); an area uses
 * another only through that area's index module, so what the index leaves out can change
 * freely. `domain/shared` is the common vocabulary (money, dates, text) every area reads.
 * The UI may read any domain module directly: the browser bundles what it imports, and an
 * index would drag every area's schemas into pages that need one constant.
 */
const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const SHARED = "shared";

function areasOf(ring) {
  return readdirSync(path.join(root, "app", ring), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
}

export function ringZones() {
  const zones = [
    {
      target: "./app/lib",
      from: ["./app/services", "./app/routes", "./app/components"],
      message: "lib/ is infrastructure and never imports a service or the UI: a helper that needs a service belongs in that area's services.",
    },
    {
      target: "./app/domain",
      from: ["./app/lib", "./app/services", "./app/routes", "./app/components", "./db"],
      message: "domain/ is pure and shared with the browser: it imports only other domain code.",
    },
    {
      target: "./db",
      from: "./app",
      message: "db/ (schema, migrations, seed) imports no app code, so a migration stays as it ran.",
    },
    {
      target: "./app/services",
      from: ["./app/routes", "./app/components"],
      message: "Services hold the rules; the UI calls them, never the other way round.",
    },
    {
      target: ["./app/routes", "./app/components"],
      from: "./app/lib/db.server.ts",
      message: "Only services speak to the database: a route asks a service.",
    },
    {
      target: "./app/components",
      from: ["./app/services", "./app/routes"],
      message: "Components render what a route's loader gives them; they never call services or routes.",
    },
  ];
  return [...zones, ...areaZones()];
}

function areaZones() {
  const zones = [];
  const serviceAreas = areasOf("services");
  const domainAreas = areasOf("domain").filter((area) => area !== SHARED);
  for (const other of serviceAreas) {
    const through = `services/${other}/index.ts`;
    // The UI and the other areas reach a service area only through its index.
    zones.push({
      target: ["./app/routes", "./app/components", "./app/entry.server.tsx", "./app/root.tsx"],
      from: `./app/services/${other}`,
      except: ["./index.ts"],
      message: `Use the ${other} area through its index (~/services/${other}), not its internals.`,
    });
    for (const area of serviceAreas.filter((a) => a !== other)) {
      zones.push({
        target: `./app/services/${area}`,
        from: `./app/services/${other}`,
        except: ["./index.ts"],
        message: `The ${area} area uses ${other} only through ${through} (~/services/${other}).`,
      });
    }
  }
  for (const other of domainAreas) {
    const index = `~/domain/${other}`;
    const through = existsSync(path.join(root, "app", "domain", other, "index.ts"))
      ? `through its index (${index})`
      : `through an index: add app/domain/${other}/index.ts exporting what is needed, and import ${index}`;
    for (const area of [...new Set([...serviceAreas, ...domainAreas])].filter((a) => a !== other)) {
      zones.push({
        target: [`./app/services/${area}`, `./app/domain/${area}`],
        from: `./app/domain/${other}`,
        except: ["./index.ts"],
        message: `The ${area} area reads the ${other} domain only ${through}.`,
      });
    }
    zones.push({
      target: `./app/domain/${SHARED}`,
      from: `./app/domain/${other}`,
      message: "domain/shared is the common vocabulary: it imports no area.",
    });
  }
  return zones;
}
