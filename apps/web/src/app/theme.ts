import type { ThemeConfig } from 'antd';

/**
 * The app's antd theme. Besides the brand blue, every text colour meets WCAG 2.1 AA (4.5:1) on
 * the backgrounds antd puts it on (white, #f5f5f5 panels, a tag's own light background): antd's
 * defaults do not (links #1677ff 4.1:1, secondary text rgba(0,0,0,.45) 3.4:1, placeholders
 * 1.8:1, danger #ff4d4f 3.3:1, green tags 3.4:1). The browser tier checks it with axe
 * (e2e/accessibility.e2e.ts).
 */
const BRAND = '#1f5fbf';
/** Secondary text, descriptions, empty states, placeholders: 4.7:1 on white, 4.6:1 on #f0f0f0. */
const TEXT_TERTIARY = 'rgba(0, 0, 0, 0.56)';
/** antd's red-7: 5.6:1 on white. */
const DANGER = '#cf1322';
/** antd's green-8 and orange-8: 5.4:1 and 5.2:1 on their lightest steps, more on white. */
const GREEN_TEXT = '#237804';
const ORANGE_TEXT = '#ad4e00';

/**
 * A tag writes its text in step 7 of its colour's palette on step 1; for these colours that is
 * under 4.5:1, so their text takes a darker step (8, or 9 for the yellows), at least 5:1.
 */
const TAG_TEXT = {
  green7: GREEN_TEXT,
  cyan7: '#006d75',
  orange7: ORANGE_TEXT,
  volcano7: '#ad2102',
  gold7: '#874d00',
  yellow7: '#876800',
  lime7: '#3f6600',
};
/** Status colours where a tag writes its text in them. */
const STATUS_TEXT = { colorSuccess: GREEN_TEXT, colorWarning: ORANGE_TEXT };

export const APP_THEME: ThemeConfig = {
  token: {
    colorPrimary: BRAND,
    // Links and "processing" follow the brand blue (6.1:1 on white) instead of antd's #1677ff.
    colorInfo: BRAND,
    colorError: DANGER,
    colorTextTertiary: TEXT_TERTIARY,
    colorTextPlaceholder: TEXT_TERTIARY,
    // Status texts (Typography type="success", "warning", a saved / failed state line).
    colorSuccessText: GREEN_TEXT,
    colorWarningText: ORANGE_TEXT,
  },
  components: {
    Tag: { ...TAG_TEXT, ...STATUS_TEXT },
  },
};
