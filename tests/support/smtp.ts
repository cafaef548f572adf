import { simpleParser, type ParsedMail } from "mailparser";
import { SMTPServer } from "smtp-server";

/**
 * A real SMTP server for the tests, on a free local port: it receives what the app sends
 * (parsed with mailparser), and can be told to refuse mail for a while.
 */
export interface TestMailServer {
  url: string;
  received: ParsedMail[];
  /** While set, every message is refused with this temporary (4xx) error. */
  refuseWith: string | null;
  close(): Promise<void>;
}

export async function startTestMailServer(): Promise<TestMailServer> {
  const state: TestMailServer = { url: "", received: [], refuseWith: null, close: async () => {} };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, _session, callback) {
      if (state.refuseWith) {
        stream.resume();
        const refusal = Object.assign(new Error(state.refuseWith), { responseCode: 451 });
        stream.on("end", () => callback(refusal));
        return;
      }
      simpleParser(stream)
        .then((mail) => {
          state.received.push(mail);
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  state.url = `smtp://127.0.0.1:${port}`;
  state.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return state;
}
