/** A size×size PNG whose pixel (x, y) has the [r, g, b] colourAt gives. */
export function rgbPng(size: number, colourAt: (x: number, y: number) => readonly number[]): Buffer;
