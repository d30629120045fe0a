package search

import "github.com/memsvc/memsvc/llm"

// kindPhrases maps each analysed query term that is one of two naming a
// kind side by side ("what package manager do we use") to the kind's
// members (npm, pnpm, yarn, bun: llm.PhraseKey), in the order said. Each
// word alone names much else ("package", "my manager") and is no kind
// word, but the memory that answers names only the member ("we moved
// from pnpm to bun"): the search looks for the members, and a memory
// naming one holds both words for the relevance score, as if it said
// them (index.QueryTerm.Forms), even where other memories hold one of the
// words ("my manager"), unlike a kind word's members, which stand in only
// for a word the store lacks (index.QueryTerm.Members).
func (e *Searcher) kindPhrases(analysed []string) map[string][]string {
	if e.forms == nil {
		return nil
	}
	var out map[string][]string
	for i := 1; i < len(analysed); i++ {
		members := e.forms.Members(llm.PhraseKey(analysed[i-1], analysed[i]))
		if len(members) == 0 {
			continue
		}
		if out == nil {
			out = map[string][]string{}
		}
		out[analysed[i-1]] = append(out[analysed[i-1]], members...)
		out[analysed[i]] = append(out[analysed[i]], members...)
	}
	return out
}
