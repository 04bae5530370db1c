import test from 'ava';
import { labelIdFor, labelNameKey } from '../../../core/labels/label.ts';
import { BLACK, contrastRatio, parseHex, relativeLuminance, textColorFor, WHITE } from '../../../core/labels/contrast.ts';
import { PALETTE, paletteGradient } from '../../../core/labels/label-palette.ts';
import { labelBackground, labelInstructions, labelName } from '../../../core/labels/label-input.ts';
import { labelColor } from '../../../core/labels/label-view.ts';
import { AppError } from '../../../core/kernel/errors.ts';

test('label id: USER_ + the name upper-cased by Unicode rules, whitespace runs as _', (t) => {
  t.is(labelIdFor('café'), 'USER_CAFÉ');
  t.is(labelIdFor('Work'), 'USER_WORK');
  t.is(labelIdFor('to  do \t now'), 'USER_TO_DO_NOW');
  t.is(labelIdFor('a\u00a0b\u3000c\nd'), 'USER_A_B_C_D', 'no-break, ideographic and line-break spaces are whitespace');
  t.is(labelIdFor('straße'), 'USER_STRASSE');
  t.is(labelIdFor('ǆemal'), 'USER_ǄEMAL');
  t.is(labelIdFor('inbox'), 'USER_INBOX', 'a user label never takes a system id');
  t.is(labelIdFor('Résumé/2024'), 'USER_RÉSUMÉ/2024');
});

test('label names compare ignoring case, including full case mappings', (t) => {
  t.is(labelNameKey('Work'), labelNameKey('WORK'));
  t.is(labelNameKey('Straße'), labelNameKey('STRASSE'));
  t.is(labelNameKey('CAFÉ'), labelNameKey('café'));
  t.not(labelNameKey('a b'), labelNameKey('a  b'));
});

test('relative luminance and contrast follow WCAG 2', (t) => {
  t.is(relativeLuminance(parseHex('#000')!), 0);
  t.is(relativeLuminance(parseHex('#FFFFFF')!), 1);
  t.is(contrastRatio(0, 1), 21);
  t.true(Math.abs(relativeLuminance(parseHex('#808080')!) - 0.2158605) < 1e-6);
});

test('text colour: black or white, whichever contrasts more', (t) => {
  t.is(textColorFor('#FFFFFF'), BLACK);
  t.is(textColorFor('#000000'), WHITE);
  t.is(textColorFor('#FFFF00'), BLACK);
  t.is(textColorFor('#0000FF'), WHITE);
  t.is(textColorFor('#777777'), BLACK, 'mid grey (L 0.184) contrasts 4.68 with black and 4.48 with white');
  t.is(textColorFor('#757575'), WHITE, 'L 0.178: 4.56 with black, 4.61 with white');
  t.is(textColorFor('#f00'), BLACK, 'pure red (L 0.2126): 5.25 with black, 4.00 with white');
  t.is(textColorFor('#800000'), WHITE);
  t.is(textColorFor('#00000000'), BLACK, 'fully transparent black lies over white');
  t.is(textColorFor('#000000FF'), WHITE);
  t.is(textColorFor('#0008'), BLACK, 'half-transparent black over white is a mid grey on the light side');
  t.is(textColorFor('gradient:sunset'), null);
  t.is(textColorFor('#12345'), null);
});

test('palette: 14 solid colours and 7 gradients with from, to and solid', (t) => {
  const solids = PALETTE.filter((s) => !('from' in s));
  const gradients = PALETTE.filter((s) => 'from' in s);
  t.is(solids.length, 14);
  t.is(gradients.length, 7);
  t.is(new Set(PALETTE.map((s) => s.value)).size, 21);
  for (const s of solids) {
    t.regex(s.value, /^#[0-9A-F]{6}$/);
    t.is(textColorFor(s.value), s.textColor);
  }
  for (const g of gradients) {
    t.regex(g.value, /^gradient:[a-z]+$/);
    const { from, to, solid } = g as { from: string; to: string; solid: string };
    for (const c of [from, to, solid]) t.regex(c, /^#[0-9A-F]{6}$/);
    t.true([BLACK, WHITE].includes(g.textColor));
    t.is(paletteGradient(g.value), g);
  }
  t.is(paletteGradient('gradient:nope'), null);
});

test('colour input: hex forms stored upper case, gradients from the palette, empty clears', (t) => {
  t.is(labelBackground({ backgroundColor: '#abc' }), '#ABC');
  t.is(labelBackground({ backgroundColor: '#abcd' }), '#ABCD');
  t.is(labelBackground({ backgroundColor: ' #a1b2c3 ' }), '#A1B2C3');
  t.is(labelBackground({ backgroundColor: '#a1b2c3d4', textColor: '#123456' }), '#A1B2C3D4');
  t.is(labelBackground({ backgroundColor: 'gradient:sunset' }), 'gradient:sunset');
  t.is(labelBackground({ backgroundColor: 'GRADIENT:Ocean' }), 'gradient:ocean');
  t.is(labelBackground({ backgroundColor: '' }), null);
  t.is(labelBackground(null), null);
  const refused = (color: unknown, param: string, code = 'invalid_parameter') => {
    const e = t.throws(() => labelBackground(color), { instanceOf: AppError });
    t.is(e?.code as string | undefined, code);
    t.is(e?.param, param);
  };
  for (const bad of ['#ab', '#abcde', '#1234567', 'red', 'abc', '#GGG', 'gradient:nope', `#${'a'.repeat(40)}`]) {
    refused({ backgroundColor: bad }, 'color.backgroundColor');
  }
  refused({}, 'color.backgroundColor');
  refused({ backgroundColor: 5 }, 'color.backgroundColor');
  refused('#fff', 'color');
  refused([], 'color');
  refused({ backgroundColor: '#fff', border: 1 }, 'color.border', 'unknown_parameter');
});

test('colour on read: hex contrast, or the palette text colour for a gradient', (t) => {
  t.deepEqual(labelColor('#FFF'), { backgroundColor: '#FFF', textColor: BLACK });
  const berry = paletteGradient('gradient:berry')!;
  t.deepEqual(labelColor('gradient:berry'), { backgroundColor: 'gradient:berry', textColor: berry.textColor });
  t.is(labelColor(null), null);
});

test('name and instructions: trimmed, bounded by characters, blank instructions are none', (t) => {
  t.is(labelName('  Work  '), 'Work');
  t.is(labelName('é'.repeat(225)), 'é'.repeat(225));
  t.is(labelName('😀'.repeat(225)).length, 450, 'counted in characters, not UTF-16 units');
  for (const bad of ['', '   ', 'x'.repeat(226), 'a\u0000b', 5]) t.throws(() => labelName(bad), { instanceOf: AppError });
  t.is(labelInstructions('  Receipts  '), 'Receipts');
  t.is(labelInstructions('   '), null);
  t.is(labelInstructions(null), null);
  t.is(labelInstructions('x'.repeat(500)), 'x'.repeat(500));
  t.throws(() => labelInstructions('x'.repeat(501)), { instanceOf: AppError });
});
