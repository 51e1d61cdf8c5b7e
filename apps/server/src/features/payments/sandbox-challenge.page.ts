/** The sandbox's 3-D Secure challenge page: plain HTML, a form, no script (works under the CSP). */
import { formatMoney } from '@sunward/core/money';
import { escapeHtml } from '../../lib/html.ts';

export function challengePage(input: {
  shopName: string;
  token: string;
  amount: number;
  last4: string | null;
}): string {
  const action = `/api/sandbox/challenge/${encodeURIComponent(input.token)}`;
  const card = input.last4 ? ` with the card ending in ${escapeHtml(input.last4)}` : '';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Confirm your payment - ${escapeHtml(input.shopName)}</title>
<style>
  body { font-family: system-ui, sans-serif; background: #f4f6f8; color: #1a1a1a; margin: 0; }
  main { max-width: 420px; margin: 10vh auto; background: #fff; border-radius: 12px; padding: 32px;
    box-shadow: 0 2px 12px rgba(0,0,0,.08); }
  .marker { display: inline-block; background: #fff3cd; color: #664d03; border: 1px solid #ffe69c;
    border-radius: 6px; padding: 2px 8px; font-size: 14px; }
  .actions { display: flex; gap: 12px; margin-top: 24px; }
  button { flex: 1; font-size: 16px; padding: 12px; border-radius: 8px; border: 1px solid #0b5cad;
    cursor: pointer; }
  button[value=complete] { background: #0b5cad; color: #fff; }
  button[value=fail] { background: #fff; color: #0b5cad; }
</style>
</head>
<body>
<main>
  <p class="marker">Test mode, no real charge</p>
  <h1>3-D Secure authentication</h1>
  <p>${escapeHtml(input.shopName)} asks your bank to confirm a payment of
  <strong>${formatMoney(input.amount)}</strong>${card}.</p>
  <p>This is the sandbox's test challenge. Choose how your bank answers.</p>
  <form method="post" action="${action}">
    <div class="actions">
      <button type="submit" name="outcome" value="complete">Complete</button>
      <button type="submit" name="outcome" value="fail">Fail</button>
    </div>
  </form>
</main>
</body>
</html>
`;
}

export const CHALLENGE_GONE_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Challenge not found</title></head>
<body><main><h1>This authentication has already been answered or has expired.</h1>
<p><a href="/checkout">Back to checkout</a></p></main></body></html>
`;
