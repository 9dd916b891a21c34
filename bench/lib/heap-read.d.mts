/** Types of heap-read.mjs for the TypeScript tests that read the probe. */
export declare const HEAP_PROBE: string;
export interface HeapMiB {
  heap: number;
  outside: number;
  total: number;
}
export declare function heapProbe(
  pid: number,
  dir: string,
): {
  live(): Promise<HeapMiB>;
  peak(from: number, to: number): { heap: number; outside: number; samples: number };
};
