import { chromium } from '@playwright/test';
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless','--no-sandbox','--disable-gpu'] });
const p = await b.newPage();
p.on('console', m => console.log('console:', m.type(), m.text().slice(0, 200)));
await p.route('**/checkout', async (route) => {
  const response = await route.fetch();
  const h = response.headers();
  await route.fulfill({ response, headers: { ...h, 'content-security-policy': h['content-security-policy'].replace('; report-to csp', '') } });
});
await p.goto('http://127.0.0.1:3917/checkout');
await p.getByRole('heading').first().waitFor();
console.log('headings:', await p.getByRole('heading').allTextContents());
await new Promise(r => setTimeout(r, 2000));
await b.close();
