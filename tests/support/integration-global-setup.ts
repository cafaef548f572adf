import type { TestProject } from "vitest/node";
import { createDatabase, dropDatabase, newDatabaseName, TEMPLATE_KEY } from "./postgres-databases";

declare module "vitest" {
  export interface ProvidedContext {
    postgresTemplate: string;
  }
}

/**
 * On the PostgreSQL pass (TEST_DATABASE_ENGINE=postgres), migrates one template database
 * for the run; every test file copies it (see integration-setup.ts), which takes a few
 * milliseconds where migrating would take a second.
 */
export default async function setup(project: TestProject) {
  if (process.env.TEST_DATABASE_ENGINE !== "postgres") return;
  const template = newDatabaseName("charity_template");
  const url = await createDatabase(template);
  const { openDatabase, migrateToLatest } = await import("~/lib/db.server");
  const db = openDatabase(url, 1);
  await migrateToLatest(db);
  await db.destroy();
  project.provide(TEMPLATE_KEY, template);
  return async () => dropDatabase(template);
}
