import { Colors } from '@blueprintjs/core';

/**
 * Series colours for every chart: Blueprint's mid tones (…3), which keep
 * at least 3:1 against both the light and the dark panel, so one palette
 * serves both themes. Axis text and grid lines follow the theme in CSS.
 */
export const SERIES = {
  demand: Colors.BLUE3,
  limit: Colors.TURQUOISE3,
  deduction: Colors.ORANGE3,
  required: Colors.INDIGO3,
  warning: Colors.ORANGE3,
  over: Colors.RED3,
} as const;
