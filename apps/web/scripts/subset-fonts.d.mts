export declare const FONTS_DIR: string;
export declare const CORE_CHARACTERS: string;
export declare const WEIGHTS: { min: number; max: number };
export declare const FAMILIES: { family: string; pkg: string; latin: string; file: string }[];
export declare function unicodeRange(characters: string): string;
export declare function codePoints(range: string): number[];
export declare function fontsCss(packageCss: Record<string, string>): string;
export declare function makeFonts(): Promise<Record<string, Buffer>>;
