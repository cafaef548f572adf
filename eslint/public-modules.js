import { execFileSync } from "node:child_process";
import { readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";

/**
 * A slice's public modules (index.ts, index.ui.ts, index.server.ts) say what it promises other
 * slices. A name nobody imports through them is a promise nobody asked for: this finds them,
 * so that a review sees every export a slice adds, and none linger after their last user.
 */
const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const app = path.join(root, "app");
const PUBLIC_MODULE = /app\/[^/]+\/[^/]+\/index(\.ui|\.server)?\.ts$/;

const isFile = (file) => {
  try {
    return statSync(file).isFile();
  } catch {
    return false;
  }
};

function resolve(from, specifier) {
  let base;
  if (specifier.startsWith("~/")) base = path.join(app, specifier.slice(2));
  else if (specifier.startsWith(".")) base = path.resolve(path.dirname(from), specifier);
  else return null;
  return ["", ".ts", ".tsx", "/index.ts"].map((ending) => base + ending).find(isFile) ?? null;
}

function namesOf(statement) {
  const clause = ts.isImportDeclaration(statement) ? statement.importClause?.namedBindings : statement.exportClause;
  if (!clause || !(ts.isNamedImports(clause) || ts.isNamedExports(clause))) return ["*"];
  return clause.elements.map((element) => (element.propertyName ?? element.name).text);
}

function sourceOf(file) {
  return ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true);
}

/** Every exported name of a public module that no file imports through it, as "file: name". */
export function unusedPublicExports() {
  const files = execFileSync("git", ["ls-files", "-co", "--exclude-standard", "*.ts", "*.tsx", "*.mjs"], { cwd: root })
    .toString()
    .trim()
    .split("\n")
    .map((file) => path.join(root, file))
    .filter(isFile);
  const used = new Map();
  for (const file of files) {
    for (const statement of sourceOf(file).statements) {
      const isModuleUse = ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement);
      if (!isModuleUse || !statement.moduleSpecifier || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
      const target = resolve(file, statement.moduleSpecifier.text);
      if (!target || !PUBLIC_MODULE.test(target) || path.dirname(target) === path.dirname(file)) continue;
      if (!used.has(target)) used.set(target, new Set());
      for (const name of namesOf(statement)) used.get(target).add(name);
    }
  }
  const unused = [];
  for (const module of files.filter((file) => PUBLIC_MODULE.test(file))) {
    const names = used.get(module) ?? new Set();
    if (names.has("*")) continue;
    for (const statement of sourceOf(module).statements) {
      if (!ts.isExportDeclaration(statement)) continue;
      for (const name of namesOf(statement)) {
        if (!names.has(name)) unused.push(`${path.relative(root, module)}: ${name}`);
      }
    }
  }
  return unused;
}
