/** The ICO file (16, 32 and 48 px PNG entries) rendered from an SVG file. */
export function faviconIco(svgPath: string): Promise<Buffer>;
