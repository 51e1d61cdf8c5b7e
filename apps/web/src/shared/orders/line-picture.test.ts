import { describe, expect, it } from 'vitest';
import { linePicture } from './line-picture.ts';

describe('linePicture', () => {
  it('pictures a Back line from the back, with alt text that says so', () => {
    const { image, alt } = linePicture('key-west', 'Back');
    expect(image?.alt).toBe('key-west-back picture');
    expect(alt).toBe('Key West sun shirt, back view with the print on the back');
  });

  it('pictures a Front line as the folded shirt with the print on the chest', () => {
    const { image, alt } = linePicture('alaska', 'Front');
    expect(image?.alt).toBe('alaska-folded picture');
    expect(alt).toBe('Alaska sun shirt');
  });

  it('has no picture for a design the manifest does not know', () => {
    expect(linePicture('no-such-design', 'Back').image).toBeUndefined();
  });
});
