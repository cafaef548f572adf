// `npm run admin:password -- <username>`: sets a new password for an admin (creating the
// admin when the name is new) and signs that admin out everywhere.
// The password is typed at a hidden prompt, read from standard input, or generated
// with --generate.
import { createInterface } from "node:readline";
import { countAdmins, createAdmin, MIN_PASSWORD_LENGTH, setAdminPassword } from "~/services/admins.server";
import { closeDb, getDb, migrateToLatest } from "~/lib/db.server";
import { generatePassword } from "~/lib/password.server";
import { NotFoundError, ValidationError } from "~/lib/service-errors";

const args = process.argv.slice(2);
const generate = args.includes("--generate");
const username = args.find((arg) => !arg.startsWith("--"))?.trim();

function askHidden(question: string): Promise<string> {
  return new Promise((resolve) => {
    const rl = createInterface({ input: process.stdin, output: process.stdout, terminal: true });
    // Echo nothing but the question while the password is typed.
    const output = rl as unknown as { _writeToOutput: (text: string) => void };
    output._writeToOutput = (text: string) => {
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

async function choosePassword(): Promise<{ password: string; show: boolean }> {
  if (generate) return { password: generatePassword(), show: true };
  if (!process.stdin.isTTY) return { password: await readFirstLine(), show: false };
  const first = await askHidden(`New password for ${username} (at least ${MIN_PASSWORD_LENGTH} characters): `);
  const second = await askHidden("Type it again: ");
  if (first !== second) throw new ValidationError({ password: ["The two passwords do not match"] });
  return { password: first, show: false };
}

async function main(): Promise<void> {
  if (!username) {
    console.error("Usage: npm run admin:password -- <username> [--generate]");
    process.exitCode = 2;
    return;
  }
  await migrateToLatest(getDb());
  const { password, show } = await choosePassword();
  try {
    await setAdminPassword(username, password);
    console.log(`Password changed for ${username}. Their existing sessions and API tokens were signed out.`);
  } catch (error) {
    if (!(error instanceof NotFoundError)) throw error;
    await createAdmin(username, password);
    console.log(`Admin ${username} created (${await countAdmins()} admins in all).`);
  }
  if (show) console.log(`New password: ${password}`);
}

try {
  await main();
} catch (error) {
  console.error(error instanceof ValidationError ? error.fieldErrors.password?.[0] ?? error.message : error);
  process.exitCode = 1;
} finally {
  await closeDb();
}
