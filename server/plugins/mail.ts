/**
 * Outgoing mail (DESIGN §5). Every mail is first a row in `mail_outbox`. With SMTP_URL nodemailer
 * sends it in the background and the row becomes `sent` once the SMTP server accepted it (that is
 * what "delivered" means to the activation step) or `failed` with the reason. Without SMTP_URL the
 * mail stays queued and the log prints its link, so `npm start` works with no mail server at all.
 */
import type { FastifyInstance } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import type { OutboxMail } from '../repositories/mail.repository';
import { unencapsulated } from './unencapsulated';

/** What services use to send mail. */
export interface MailService {
  /** Queues the mail and, with SMTP, starts sending it; `link` is what the log shows without SMTP. */
  send(mail: OutboxMail, link?: string): Promise<number>;
  /** Starts sending a mail already queued as row `id` in the caller's own database transaction. */
  dispatch(id: number, mail: OutboxMail, link?: string): void;
  /** Resolves when every send started so far has settled (tests, shutdown). */
  idle(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    mail: MailService;
  }
}

/** The From address: MAIL_FROM, else no-reply at the public host. */
function fromAddress(app: FastifyInstance): string {
  if (app.config.mailFrom) return app.config.mailFrom;
  const host = app.config.baseUrl ? new URL(app.config.baseUrl).hostname : 'localhost';
  return `"${app.site.config.name.replaceAll('"', '')}" <no-reply@${host}>`;
}

export default unencapsulated('mail', async (app: FastifyInstance) => {
  const { smtpUrl } = app.config;
  const transport: Transporter | undefined = smtpUrl
    ? nodemailer.createTransport(smtpUrl)
    : undefined;
  const from = fromAddress(app);
  const pending = new Set<Promise<void>>();

  const deliver = async (id: number, mail: OutboxMail, smtp: Transporter): Promise<void> => {
    try {
      await smtp.sendMail({
        from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        ...(mail.html !== null && { html: mail.html }),
      });
      await app.repos.mail.markSent(id, Date.now());
    } catch (err) {
      app.log.warn({ err, mail: id }, 'mail: sending failed');
      await app.repos.mail.markFailed(id, (err as Error).message).catch((markErr: unknown) => {
        app.log.error({ err: markErr, mail: id }, 'mail: could not record the failure');
      });
    }
  };

  const dispatch = (id: number, mail: OutboxMail, link?: string): void => {
    if (!transport) {
      app.log.info(
        { mail: id, kind: mail.kind, link },
        'mail: no SMTP_URL, the mail stays in the outbox',
      );
      return;
    }
    const job = deliver(id, mail, transport).finally(() => pending.delete(job));
    pending.add(job);
  };

  const service: MailService = {
    async send(mail, link) {
      const id = await app.repos.mail.queue(mail, Date.now());
      dispatch(id, mail, link);
      return id;
    },
    dispatch,
    async idle() {
      await Promise.allSettled([...pending]);
    },
  };
  app.decorate('mail', service);
  app.metrics.gauge(
    'amora_mail_sending',
    'Mails this instance is handing to SMTP',
    () => pending.size,
  );
  app.metrics.gauge('amora_mail_outbox_queued', 'Mails in the outbox not sent yet', () =>
    app.repos.mail.queuedCount(),
  );
  app.addHook('onClose', async () => {
    await service.idle();
    transport?.close();
  });
});
