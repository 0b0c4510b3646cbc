import { createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

type Session = { id: string; invoiceId: string; amountCents: number; name: string; successUrl: string; paid: boolean };

const readBody = (req: IncomingMessage): Promise<string> =>
  new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });

/** Stripe's scheme: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`. */
export const stripeSignature = (secret: string, body: string, at = new Date()): string => {
  const t = Math.floor(at.getTime() / 1000);

  return `t=${t},v1=${createHmac('sha256', secret).update(`${t}.${body}`).digest('hex')}`;
};

/**
 * Stripe Checkout on loopback: `POST /v1/checkout/sessions` makes a session (one per
 * Idempotency-Key, as Stripe does) whose hosted page is `/pay/<id>` on this server. Paying there
 * sends the signed `checkout.session.completed` notification to the service, as Stripe would, and
 * sends the payer back to the session's success path on the service.
 */
export const startFakeStripeCheckout = async (webhookSecret: string) => {
  const sessions = new Map<string, Session>();
  const byKey = new Map<string, string>();
  const deliveries: { status: number; body: string }[] = [];
  let serviceUrl: string | null = null;

  const checkoutPage = (
    session: Session,
  ) => `<!doctype html><html lang="en"><head><meta name="viewport" content="width=device-width, initial-scale=1"><title>Checkout</title></head>
<body style="font-family: sans-serif; max-width: 28rem; margin: 2rem auto; padding: 0 1rem">
<h1>Pay ${session.name}</h1><p>Amount: $${(session.amountCents / 100).toFixed(2)}</p>
<form method="post" action="/pay/${session.id}"><button type="submit">Pay $${(session.amountCents / 100).toFixed(2)}</button></form></body></html>`;

  const server: Server = createServer((req, res) => {
    void (async () => {
      const path = new URL(req.url ?? '/', 'http://localhost').pathname;
      const body = await readBody(req);
      const session = sessions.get(path.split('/')[2] ?? '');
      if (req.method === 'POST' && path === '/v1/checkout/sessions') {
        const form = new URLSearchParams(body);
        const key = String(req.headers['idempotency-key'] ?? '');
        const existing = byKey.get(key);
        const id = existing ?? `cs_test_${sessions.size + 1}`;
        if (!existing) {
          sessions.set(id, {
            id,
            invoiceId: form.get('client_reference_id') ?? '',
            amountCents: Number(form.get('line_items[0][price_data][unit_amount]')),
            name: form.get('line_items[0][price_data][product_data][name]') ?? '',
            successUrl: form.get('success_url') ?? '/',
            paid: false,
          });
          byKey.set(key, id);
        }
        res.setHeader('Content-Type', 'application/json');
        res.end(JSON.stringify({ id, url: `${address()}/pay/${id}` }));
      } else if (req.method === 'GET' && path.startsWith('/pay/') && session) {
        res.setHeader('Content-Type', 'text/html; charset=utf-8');
        res.end(checkoutPage(session));
      } else if (req.method === 'POST' && path.startsWith('/pay/') && session && serviceUrl) {
        session.paid = true;
        const event = JSON.stringify({
          id: `evt_${session.id}`,
          type: 'checkout.session.completed',
          data: {
            object: {
              id: session.id,
              object: 'checkout.session',
              client_reference_id: session.invoiceId,
              metadata: { invoice_id: session.invoiceId },
              payment_status: 'paid',
              amount_total: session.amountCents,
              currency: 'usd',
            },
          },
        });
        const answer = await fetch(`${serviceUrl}/api/payments/stripe/webhook`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'Stripe-Signature': stripeSignature(webhookSecret, event) },
          body: event,
        });
        deliveries.push({ status: answer.status, body: await answer.text() });
        // The success URL names the service's public address; the service under test listens on a random port.
        const back = new URL(session.successUrl);
        res.statusCode = 303;
        res.setHeader('Location', `${serviceUrl}${back.pathname}${back.search}`);
        res.end();
      } else {
        res.statusCode = 404;
        res.setHeader('Content-Type', 'application/json');
        res.end(JSON.stringify({ error: 'not faked' }));
      }
    })().catch((error: unknown) => {
      res.statusCode = 500;
      res.end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = () => `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url: address(),
    sessions,
    /** What the service answered to each notification sent. */
    deliveries,
    /** The service the notifications go to, known once it listens. */
    deliverTo: (url: string) => {
      serviceUrl = url;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};
