/** The sources' English words: they load with the sources under an answer, not with every chat. */
export const sourcesEn = {
  /** The list of where an answer came from, under it ("Sources: Fees · Renting with us"). */
  sources: 'Sources',
};

export type SourcesStrings = typeof sourcesEn;
