// The seed reference architectures shipped as example projects.
const files = import.meta.glob<string>('../assets/examples/*.json', {
  eager: true,
  query: '?raw',
  import: 'default',
});

export interface Example {
  fileName: string;
  name: string;
  text: string;
}

export const examples: Example[] = Object.entries(files)
  .map(([path, text]) => ({
    fileName: path.slice(path.lastIndexOf('/') + 1),
    name: (JSON.parse(text) as { name: string }).name,
    text,
  }))
  .sort((a, b) => a.fileName.localeCompare(b.fileName));

/** The project the app opens on. */
export const defaultExample = 'seed-001-all-flash-sql.json';
