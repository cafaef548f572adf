import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

/**
 * compose.yaml cannot be started here (base images cannot be pulled), so what a foundation
 * with two app processes relies on is checked in the file itself. No YAML parser is a
 * dependency of the site, so a block is read by its indentation, which compose.yaml keeps
 * at two spaces a level.
 */
const compose = readFileSync("compose.yaml", "utf8");
const nginx = readFileSync("deploy/nginx.conf", "utf8");

/** The lines nested under `path` (each key one level deeper than the last), comments dropped. */
function block(text: string, ...path: string[]): string {
  let lines = text.split("\n").filter((line) => !/^\s*#/.test(line));
  let indent = 0;
  for (const key of path) {
    const start = lines.findIndex((line) => line.startsWith(`${" ".repeat(indent)}${key}:`));
    if (start < 0) throw new Error(`compose.yaml has no ${path.join(" > ")}`);
    const rest = lines.slice(start + 1);
    const end = rest.findIndex((line) => line.trim() !== "" && !line.startsWith(" ".repeat(indent + 2)));
    lines = [lines[start]!.slice(indent + key.length + 1), ...(end < 0 ? rest : rest.slice(0, end))];
    indent += 2;
  }
  return lines.join("\n");
}

/** nginx's configuration without its comments. */
const nginxDirectives = nginx.replace(/#.*$/gm, "");

describe("compose.yaml", () => {
  it("has PostgreSQL, the app and a proxy, and nothing else", () => {
    expect(block(compose, "services").match(/^ {2}[a-z-]+:/gm)).toEqual(["  db:", "  app:", "  proxy:"]);
  });

  it("keeps PostgreSQL's data on a named volume and says when it is ready", () => {
    const db = block(compose, "services", "db");
    expect(db).toMatch(/image: postgres:1[56]\b/);
    expect(block(compose, "services", "db", "volumes")).toMatch(/- postgres-data:\/var\/lib\/postgresql\/data$/m);
    expect(block(compose, "volumes")).toMatch(/^ {2}postgres-data:/m);
    expect(block(compose, "services", "db", "healthcheck")).toMatch(
      /test: \["CMD-SHELL", "pg_isready -U charity -d charity"\]/,
    );
    const environment = block(compose, "services", "db", "environment");
    expect(environment).toMatch(/POSTGRES_DB: charity$/m);
    expect(environment).toMatch(/POSTGRES_USER: charity$/m);
    expect(environment).toMatch(/POSTGRES_PASSWORD: \$\{POSTGRES_PASSWORD:\?.+\}$/m);
  });

  it("runs two replicas of the Dockerfile's image on that database, once it is healthy", () => {
    const app = block(compose, "services", "app");
    expect(app).toMatch(/^ {4}build: \.$/m);
    expect(block(compose, "services", "app", "deploy")).toMatch(/replicas: 2$/m);
    expect(block(compose, "services", "app", "depends_on", "db")).toMatch(/condition: service_healthy$/m);
    const environment = block(compose, "services", "app", "environment");
    expect(environment).toMatch(/DATABASE_URL: postgres:\/\/charity:\$\{POSTGRES_PASSWORD\}@db:5432\/charity$/m);
    expect(environment).toMatch(/TRUST_PROXY: "1"$/m);
    // Replicas cannot share a host port: visitors come through the proxy only.
    expect(app).not.toMatch(/^ {4}ports:/m);
  });

  it("refuses to start without SESSION_SECRET, which every replica must share", () => {
    expect(block(compose, "services", "app", "environment")).toMatch(/SESSION_SECRET: \$\{SESSION_SECRET:\?.+\}$/m);
  });

  it("gives both replicas one uploads volume", () => {
    expect(block(compose, "services", "app", "environment")).toMatch(/UPLOADS_DIR: \/uploads$/m);
    expect(block(compose, "services", "app", "volumes")).toMatch(/- uploads:\/uploads$/m);
    expect(block(compose, "volumes")).toMatch(/^ {2}uploads:/m);
  });

  it("puts one nginx port in front of the replicas, with deploy/nginx.conf", () => {
    const proxy = block(compose, "services", "proxy");
    expect(proxy).toMatch(/image: nginx:\d/);
    expect(block(compose, "services", "proxy", "ports")).toMatch(/- "\$\{HTTP_PORT:-8080\}:80"$/m);
    expect(block(compose, "services", "proxy", "volumes")).toMatch(
      /- \.\/deploy\/nginx\.conf:\/etc\/nginx\/conf\.d\/default\.conf:ro$/m,
    );
    expect(block(compose, "services", "proxy", "depends_on")).toMatch(/app:/);
  });
});

describe("deploy/nginx.conf", () => {
  it("sends visitors to the app service by Docker's DNS, which names every replica", () => {
    expect(nginxDirectives).toMatch(/^resolver 127\.0\.0\.11 /m);
    expect(nginxDirectives).toMatch(/set \$charity_app http:\/\/app:3000;\s+proxy_pass \$charity_app;/);
    expect(nginxDirectives).toMatch(/listen 80;/);
  });

  it("passes the visitor's address and scheme for TRUST_PROXY=1", () => {
    expect(nginxDirectives).toContain("proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;");
    expect(nginxDirectives).toContain("proxy_set_header X-Forwarded-Proto $scheme;");
    expect(nginxDirectives).toContain("proxy_set_header Host $http_host;");
  });

  it("lets staff's video uploads through", () => {
    expect(nginxDirectives).toMatch(/client_max_body_size 60m;/);
  });
});
