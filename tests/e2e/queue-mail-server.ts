import { SMTPServer, type SMTPServerSession } from "smtp-server";

/**
 * The foundation's mail server, as two app processes see it: it records each message it
 * accepts with its Message-ID and the process that sent it (each process greets with its
 * own name, the `name` option of its SMTP_URL), and can be told to
 * - answer the two processes' messages in step (`pairing`): a message is accepted only
 *   once the other process has one waiting too, so both processes finish their batches,
 *   and claim the next ones, at the same moment (the moment a claim that did not skip
 *   rows another process is claiming would take them twice);
 * - leave one recipient's RCPT unanswered (`stall`), as a mail server that hangs mid-send.
 */
export interface Delivery {
  messageId: string;
  to: string[];
  /** The name the sending process greeted with. */
  by: string;
}

export interface QueueMailServer {
  /** SMTP_URL for one process, greeting with `name`. */
  urlFor(name: string): string;
  /** Every message accepted, in order. */
  deliveries: Delivery[];
  pairing: boolean;
  /** Holds every RCPT to this address unanswered until `releaseStall()`. */
  stall(address: string): void;
  /** The processes (by name) whose RCPT to the stalled address is being held. */
  stalledBy(): string[];
  releaseStall(): void;
  close(): Promise<void>;
}

/**
 * While the other process has not sent a message yet, one waits this long for it (a delivery round comes every 5 s).
 */
const FIRST_PARTNER_WAIT_MS = 8_000;
/** Once both are sending, a message waits this long for the other's (at the end of the queue, one may have none). */
const PARTNER_WAIT_MS = 1_000;

interface Waiting {
  by: string;
  accept: () => void;
  timer: NodeJS.Timeout;
}

export async function startQueueMailServer(): Promise<QueueMailServer> {
  const deliveries: Delivery[] = [];
  let stalledAddress: string | null = null;
  let held: { by: string; answer: (error?: Error | null) => void }[] = [];
  let waiting: Waiting[] = [];
  let paired = false;
  const senderOf = (session: SMTPServerSession) => String(session.hostNameAppearsAs || "");

  /** Accepts at once, or when a message of the other process is waiting too (both then together). */
  function acceptInStep(by: string, accept: () => void): void {
    if (!state.pairing) return accept();
    const partner = waiting.find((each) => each.by !== by);
    if (partner) {
      paired = true;
      clearTimeout(partner.timer);
      waiting = waiting.filter((each) => each !== partner);
      partner.accept();
      accept();
      return;
    }
    const entry: Waiting = {
      by,
      accept,
      timer: setTimeout(
        () => {
          waiting = waiting.filter((each) => each !== entry);
          accept();
        },
        paired ? PARTNER_WAIT_MS : FIRST_PARTNER_WAIT_MS,
      ),
    };
    waiting.push(entry);
  }

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onRcptTo(address, session, callback) {
      if (stalledAddress && address.address.toLowerCase() === stalledAddress) {
        held.push({ by: senderOf(session), answer: callback });
        return;
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        const messageId = /^Message-ID:\s*(<[^>\r\n]+>)/im.exec(raw)?.[1] ?? "";
        const by = senderOf(session);
        acceptInStep(by, () => {
          deliveries.push({ messageId, to: session.envelope.rcptTo.map((rcpt) => rcpt.address), by });
          callback();
        });
      });
    },
  });
  // A process killed mid-conversation resets its connection: expected here, not a failure.
  server.on("error", () => {});
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.server.address();
  const port = typeof address === "object" && address ? address.port : 0;

  const state: QueueMailServer = {
    urlFor: (name) => `smtp://127.0.0.1:${port}?name=${encodeURIComponent(name)}`,
    deliveries,
    pairing: false,
    stall(address) {
      stalledAddress = address.toLowerCase();
    },
    stalledBy: () => held.map((each) => each.by),
    releaseStall() {
      stalledAddress = null;
      const answers = held;
      held = [];
      for (const { answer } of answers) {
        // The connection is usually gone with its process; a live one is told to try later.
        try {
          answer(Object.assign(new Error("Try again later"), { responseCode: 451 }));
        } catch {
          // Nobody left to answer.
        }
      }
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const each of waiting) clearTimeout(each.timer);
        server.close(() => resolve());
      }),
  };
  return state;
}
