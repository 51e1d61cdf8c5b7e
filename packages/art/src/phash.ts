/**
 * Perceptual hashes, to check that no two designs look alike.
 * dHash: 64 bits from a 9 x 8 greyscale thumbnail, one bit per horizontal gradient sign.
 * pHash: 64 bits from the low 8 x 8 frequencies of a 32 x 32 DCT, one bit per coefficient above the median.
 */
import sharp from 'sharp';

async function grey(input: string | Buffer, w: number, h: number): Promise<Uint8Array> {
  const data = await sharp(input)
    .greyscale()
    .resize(w, h, { fit: 'fill', kernel: 'lanczos3' })
    .raw()
    .toBuffer();
  return new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
}

export async function dHash(input: string | Buffer): Promise<bigint> {
  const px = await grey(input, 9, 8);
  let hash = 0n;
  for (let y = 0; y < 8; y++) {
    for (let x = 0; x < 8; x++) {
      hash = (hash << 1n) | (px[y * 9 + x]! > px[y * 9 + x + 1]! ? 1n : 0n);
    }
  }
  return hash;
}

export async function pHash(input: string | Buffer): Promise<bigint> {
  const N = 32;
  const px = await grey(input, N, N);
  const cos = (i: number, u: number) => Math.cos(((2 * i + 1) * u * Math.PI) / (2 * N));
  const coeffs: number[] = [];
  for (let v = 0; v < 8; v++) {
    for (let u = 0; u < 8; u++) {
      let sum = 0;
      for (let y = 0; y < N; y++)
        for (let x = 0; x < N; x++) sum += px[y * N + x]! * cos(x, u) * cos(y, v);
      coeffs.push(sum);
    }
  }
  const ac = coeffs.slice(1);
  const median = [...ac].sort((a, b) => a - b)[Math.floor(ac.length / 2)]!;
  let hash = 0n;
  for (const c of coeffs) hash = (hash << 1n) | (c > median ? 1n : 0n);
  return hash;
}

/** Number of differing bits. */
export function hamming(a: bigint, b: bigint): number {
  let x = a ^ b;
  let count = 0;
  while (x) {
    count += Number(x & 1n);
    x >>= 1n;
  }
  return count;
}

/** A dHash of any size: `size` x `size` bits as a 0/1 array (size 16 gives 256 bits). */
export async function dHashBits(input: string | Buffer, size: number): Promise<Uint8Array> {
  const px = await grey(input, size + 1, size);
  const bits = new Uint8Array(size * size);
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++)
      bits[y * size + x] = px[y * (size + 1) + x]! > px[y * (size + 1) + x + 1]! ? 1 : 0;
  }
  return bits;
}

export function hammingBits(a: Uint8Array, b: Uint8Array): number {
  let count = 0;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) count++;
  return count;
}
