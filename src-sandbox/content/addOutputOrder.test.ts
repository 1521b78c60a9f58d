import { describe, expect, it } from 'vitest';
import { compareKuboDirectoryOrder } from './commands/addOutputOrder';

describe('compareKuboDirectoryOrder', () => {
  it('lists children before parents and siblings by name, the wrapper last', () => {
    const directories = ['moons', '', 'moons/saturn', 'moons/jupiter', 'moons/jupiter/io', 'a'];
    expect(directories.sort(compareKuboDirectoryOrder)).toEqual(['a', 'moons/jupiter/io', 'moons/jupiter', 'moons/saturn', 'moons', '']);
  });
});
