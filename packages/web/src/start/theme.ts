// The Mantine theme of Bulwark, in a light and a dark scheme that both meet WCAG 2.1 AA contrast: Mantine's stock palette
// draws text, links and outlines in shade 6 (3.3:1 on white for gray, 3.6:1 for blue), so the colour variables that
// carry text are re-chosen here from the palette by their measured contrast, and filled surfaces pick black or white
// text by luminance (the threshold where both read alike, so the better one always wins).
import { Badge, createTheme, darken, DEFAULT_THEME, Pill, type CSSVariablesResolver, type MantineColorsTuple } from '@mantine/core';
import { readableText } from './contrast.ts';

const COLORS = DEFAULT_THEME.colors as Record<string, MantineColorsTuple>;
const gray = COLORS.gray!;
const dark = COLORS.dark!;
/** Where the product puts text in the light scheme: the page, striped and hovered rows, and the tinted alerts. */
const LIGHT_PAGES = [DEFAULT_THEME.white, gray[0], gray[1]];
const LIGHT_ALERTS = ['blue', 'red', 'yellow', 'orange', 'green', 'teal', 'gray'].map((c) => COLORS[c]![1]);
/** The same in the dark scheme: the page, cards and inputs, and the darkest surface. */
const DARK_PAGES = [dark[7], dark[6], dark[8]];
/** Mantine's tinted alert in the dark scheme: the colour's darkest shade darkened by half. */
const DARK_ALERTS = ['blue', 'red', 'yellow', 'orange', 'green', 'teal', 'gray'].map((c) => darken(COLORS[c]![9], 0.5));
/** The luminance above which black text reads better on a colour than white ((L+0.05)/0.05 = 1.05/(L+0.05)). */
const EQUAL_CONTRAST_LUMINANCE = Math.sqrt(1.05 * 0.05) - 0.05;

export const cssVariablesResolver: CSSVariablesResolver = () => {
  const light: Record<string, string> = {
    '--mantine-color-dimmed': readableText([gray[6]], [...LIGHT_PAGES, ...LIGHT_ALERTS]),
    '--mantine-color-anchor': readableText([COLORS.blue![8], COLORS.blue![9]], [...LIGHT_PAGES, ...LIGHT_ALERTS]),
    '--mantine-color-error': readableText([COLORS.red![7], COLORS.red![8], COLORS.red![9]], LIGHT_PAGES),
  };
  const darkVars: Record<string, string> = {
    '--mantine-color-dimmed': readableText([dark[2], dark[1]], [...DARK_PAGES, ...DARK_ALERTS]),
    '--mantine-color-anchor': readableText([COLORS.blue![4], COLORS.blue![3], COLORS.blue![2]], [...DARK_PAGES, ...DARK_ALERTS]),
    '--mantine-color-error': readableText([COLORS.red![5], COLORS.red![4]], DARK_PAGES),
  };
  for (const [name, shades] of Object.entries(COLORS)) {
    if (name === 'dark') continue;
    const lightText = readableText([shades[7], shades[8], shades[9]], LIGHT_PAGES);
    light[`--mantine-color-${name}-text`] = lightText;
    light[`--mantine-color-${name}-outline`] = lightText;
    light[`--mantine-color-${name}-light-color`] = readableText([shades[9]], [shades[1], ...LIGHT_PAGES]);
    const darkText = readableText([shades[4], shades[3], shades[2]], DARK_PAGES);
    darkVars[`--mantine-color-${name}-text`] = darkText;
    darkVars[`--mantine-color-${name}-outline`] = darkText;
  }
  return { variables: {}, light, dark: darkVars };
};

/** The theme entry of an input with an icon-only clear button. */
const CLEARABLE = { defaultProps: { clearButtonProps: { 'aria-label': 'Clear' } } };

export const theme = createTheme({
  primaryColor: 'blue',
  // Filled buttons and badges in shade 8: white on blue-8 reads at 5:1 (shade 6, Mantine's default, at 3.6:1).
  primaryShade: { light: 8, dark: 8 },
  autoContrast: true,
  luminanceThreshold: EQUAL_CONTRAST_LUMINANCE,
  defaultRadius: 'md',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '650' },
  components: {
    // A badge or pill is a short label that must be read whole ("FAIL", "NEW", "CRITICAL"): its smallest width is its
    // text's, so a crowded table row makes the column wider (or scrolls) instead of cutting it to "F…" or "N…".
    Badge: Badge.extend({ styles: { root: { minWidth: 'max-content' } } }),
    // The clear button of a clearable input is an icon: it needs a name for screen readers. Plain objects, not
    // `X.extend`: importing the components here would put them in the sign-in page's bundle.
    Select: CLEARABLE,
    MultiSelect: CLEARABLE,
    Autocomplete: CLEARABLE,
    TagsInput: CLEARABLE,
    // A chosen value's remove button in a multi-select or tags input.
    Pill: Pill.extend({ styles: { root: { minWidth: 'max-content' } }, defaultProps: { removeButtonProps: { 'aria-label': 'Remove' } } }),
    FileInput: CLEARABLE,
    // The × of a dialog or drawer says what it does.
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Close dialog' } } },
    Drawer: { defaultProps: { closeButtonProps: { 'aria-label': 'Close drawer' } } },
  },
});
