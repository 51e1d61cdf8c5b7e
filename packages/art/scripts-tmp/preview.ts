import sharp from 'sharp';
import { DESIGNS } from '../src/designs/index.ts';
import { printSvg } from '../src/print.ts';
const names = process.argv.slice(2);
const list = DESIGNS.filter((d) => names.length === 0 || names.includes(d.name));
const tiles = await Promise.all(
  list.map(async (d) => ({
    input: await sharp(Buffer.from(printSvg(d)), { density: 72 * 0.4 })
      .resize(400, 400)
      .png()
      .toBuffer(),
    d,
  })),
);
const cols = Math.min(6, tiles.length);
const rows = Math.ceil(tiles.length / cols);
await sharp({
  create: { width: cols * 400, height: rows * 400, channels: 4, background: '#d9d4cc' },
})
  .composite(
    tiles.map((t, i) => ({
      input: t.input,
      left: (i % cols) * 400,
      top: Math.floor(i / cols) * 400,
    })),
  )
  .png()
  .toFile('/tmp/preview.png');
console.log('ok', tiles.length);
