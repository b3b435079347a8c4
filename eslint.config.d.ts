import type { Linter } from 'eslint';

/** The layers of src/ and the layers each may import (see eslint.config.js). */
export declare const LAYERS: Readonly<Record<string, readonly string[]>>;

declare const config: Linter.Config[];
export default config;
