/**
 * The payment providers (`app.payments`): Stripe when STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET
 * are set, else the demo provider. The demo provider is always registered, so transactions made
 * with it keep working (and its checkout page answers) after Stripe is configured.
 */
import type { FastifyInstance } from 'fastify';
import { createDemoProvider } from '../payments/demo-provider';
import type { PaymentProvider } from '../payments/provider';
import { createStripeProvider } from '../payments/stripe-provider';
import { unencapsulated } from './unencapsulated';

/** The providers this server can use. */
export interface PaymentProviders {
  /** New purchases go here. */
  default: PaymentProvider;
  /** The provider a transaction was made with (transactions.provider). */
  byName(name: string): PaymentProvider | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    payments: PaymentProviders;
  }
}

export default unencapsulated('payments', async (app: FastifyInstance) => {
  const { demoSecret, stripe } = app.config.payments;
  const demo = createDemoProvider({
    secret: demoSecret,
    stateOf: async (ref) => {
      const row = await app.repos.transactions.findByProvider('demo', ref, null);
      return row && { status: row.status, amount: row.amount, currency: row.currency };
    },
  });
  const providers = new Map<string, PaymentProvider>([['demo', demo]]);
  if (stripe) providers.set('stripe', createStripeProvider(stripe));
  app.decorate('payments', {
    default: providers.get('stripe') ?? demo,
    byName: (name: string) => providers.get(name),
  });
});
