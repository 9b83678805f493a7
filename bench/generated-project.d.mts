/** `exampleText`'s project with `count` workloads (its own, repeated and varied). */
export function generatedProject(exampleText: string, count: number): Record<string, unknown>;
