/** The shipped example projects (assets/examples), as the Example menu lists them. */
export const EXAMPLES = [
  'seed-000-hybrid-alwayson.json',
  'seed-001-all-flash-sql.json',
  'seed-001-stretched.json',
  'seed-002-iscsi-fci.json',
  'seed-003-mixed-sql-exchange.json',
  'seed-004-xtremio-vplex.json',
  'esa-all-nvme.json',
];

/** The screen sizes results are reviewed at. */
export const VIEWPORTS = [
  { width: 1280, height: 720 },
  { width: 1920, height: 1080 },
];
