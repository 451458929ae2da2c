/**
 * A loopback SMTP server for the end-to-end run: the app sends its real mails here (SMTP_URL),
 * and each accepted mail is written as JSON into MAIL_DIR, where tests read it (mail.ts).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import PostalMime from 'postal-mime';
import { SMTPServer } from 'smtp-server';

const port = Number(process.env.SMTP_SINK_PORT);
const dir = process.env.MAIL_DIR;
if (!port || !dir) throw new Error('SMTP_SINK_PORT and MAIL_DIR are required');
mkdirSync(dir, { recursive: true });

let count = 0;
const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  onData(stream, _session, callback) {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => {
      PostalMime.parse(Buffer.concat(chunks)).then(
        (mail) => {
          const record = {
            to: mail.to?.map((a) => a.address) ?? [],
            subject: mail.subject ?? '',
            text: mail.text ?? '',
            receivedAt: Date.now(),
          };
          // Written to a temporary name first would be nicer; one small write is atomic enough.
          writeFileSync(join(dir, `${Date.now()}-${++count}.json`), JSON.stringify(record));
          callback();
        },
        (error: Error) => callback(error),
      );
    });
  },
});
server.listen(port, '127.0.0.1');
process.on('SIGTERM', () => server.close(() => process.exit(0)));
