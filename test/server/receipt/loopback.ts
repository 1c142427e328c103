// Real transports on 127.0.0.1: an SMTP server (smtp-server + mailparser) and an HTTP SMS gateway.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface LoopbackSmtp {
  url: string;
  received: ParsedMail[];
  /** While > 0, each message is refused with 451 (a temporary failure) and the count goes down. */
  refuseNext: number;
  close(): Promise<void>;
}

/** An SMTP server that requires the given user and password (AUTH PLAIN/LOGIN without TLS on loopback). */
export async function startSmtp(user = 'kasir', pass = 'rahasia'): Promise<LoopbackSmtp> {
  const state: LoopbackSmtp = {
    url: '',
    received: [],
    refuseNext: 0,
    close: async () => {},
  };
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, cb) {
      if (auth.username === user && auth.password === pass) cb(null, { user: auth.username });
      else cb(new Error('535 authentication failed'));
    },
    onData(stream, _session, cb) {
      simpleParser(stream)
        .then((mail) => {
          if (state.refuseNext > 0) {
            state.refuseNext--;
            const err = Object.assign(new Error('451 try again later'), { responseCode: 451 });
            cb(err);
            return;
          }
          state.received.push(mail);
          cb();
        })
        .catch((e: Error) => cb(e));
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  state.url = `smtp://${user}:${pass}@127.0.0.1:${port}`;
  state.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return state;
}

export interface LoopbackGateway {
  url: string;
  token: string;
  /** What the gateway accepted: the JSON bodies and the Authorization header. */
  received: { to: string; message: string; authorization: string | undefined }[];
  /** While > 0, each request answers 503 and the count goes down. */
  failNext: number;
  close(): Promise<void>;
}

/** The SMS gateway stand-in: POST JSON {to, message} with a bearer token; records what it accepts. */
export async function startSmsGateway(token = 'sms-token'): Promise<LoopbackGateway> {
  const state: LoopbackGateway = { url: '', token, received: [], failNext: 0, close: async () => {} };
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => {
      body += c.toString('utf8');
    });
    req.on('end', () => {
      if (state.failNext > 0) {
        state.failNext--;
        res.writeHead(503).end('gateway busy');
        return;
      }
      if (req.headers.authorization !== `Bearer ${token}`) {
        res.writeHead(401).end('bad token');
        return;
      }
      const { to, message } = JSON.parse(body) as { to: string; message: string };
      state.received.push({ to, message, authorization: req.headers.authorization });
      res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"status":"accepted"}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  state.url = `http://127.0.0.1:${port}/sms`;
  state.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return state;
}
