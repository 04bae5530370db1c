import { PALETTE, type Swatch } from './label-palette.ts';

/** spec: GET /labels/colors — the palette as one unpaged array. */
export class ListLabelColors {
  execute(): Swatch[] {
    return PALETTE.map((s) => ({ ...s }));
  }
}
