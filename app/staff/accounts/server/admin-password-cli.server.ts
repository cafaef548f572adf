import { createInterface } from "node:readline";
import { countAdmins, createOwnerFromCommand, MIN_PASSWORD_LENGTH, setAdminPassword } from "./admins.server";
import { closeDb, getDb, migrateToLatest } from "~/lib/db.server";
import { databaseLabel, InvalidEnvironmentError } from "~/lib/env.server";
import { generatePassword } from "~/lib/password.server";
import { NotFoundError, ValidationError } from "~/lib/service-errors";

/**
 * The admin:password command: sets a new password for an admin (creating the admin when
 * the name is new) and signs that admin out everywhere. The password is typed twice at a
 * hidden prompt, read from standard input, or generated with --generate.
 */
export async function runAdminPasswordCli(args: string[]): Promise<number> {
  const generate = args.includes("--generate");
  const username = args.find((arg) => !arg.startsWith("--"))?.trim();
  if (!username) {
    console.error("Usage: npm run admin:password -- <username> [--generate]");
    return 2;
  }
  try {
    await migrateToLatest(getDb());
    const password = generate ? generatePassword() : await readPassword(username);
    // Named, so that an operator who forgot DATABASE_URL sees which database was changed.
    const database = databaseLabel();
    try {
      await setAdminPassword(username, password);
      console.log(`Password changed for ${username} in ${database}. Their sessions and API tokens were signed out.`);
    } catch (error) {
      if (!(error instanceof NotFoundError)) throw error;
      await createOwnerFromCommand(username, password);
      console.log(`Admin ${username} created in ${database} (${await countAdmins()} admins in all).`);
    }
    if (generate) console.log(`New password: ${password}`);
    return 0;
  } catch (error) {
    if (error instanceof InvalidEnvironmentError)
      console.error(
        `${error.message}\nThe command reads the same settings as the site: run it with the site's environment.`,
      );
    else console.error(error instanceof ValidationError ? (error.fieldErrors.password?.[0] ?? error.message) : error);
    return 1;
  } finally {
    await closeDb();
  }
}

async function readPassword(username: string): Promise<string> {
  if (!process.stdin.isTTY) return readFirstLine();
  const first = await askHidden(`New password for ${username} (at least ${MIN_PASSWORD_LENGTH} characters): `);
  const second = await askHidden("Type it again: ");
  if (first !== second) throw new ValidationError({ password: ["The two passwords do not match"] });
  return first;
}

function askHidden(question: string): Promise<string> {
  return new Promise((resolve) => {
    const rl = createInterface({ input: process.stdin, output: process.stdout, terminal: true });
    // Echo only the question, never the characters typed.
    (rl as unknown as { _writeToOutput: (text: string) => void })._writeToOutput = (text) => {
      if (text.includes(question)) process.stdout.write(question);
    };
    rl.question(question, (answer) => {
      rl.close();
      process.stdout.write("\n");
      resolve(answer);
    });
  });
}

async function readFirstLine(): Promise<string> {
  const rl = createInterface({ input: process.stdin });
  for await (const line of rl) {
    rl.close();
    return line;
  }
  return "";
}
