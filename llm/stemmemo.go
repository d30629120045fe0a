package llm

import "sync"

// stemMemo remembers a lexicon answer per stem, for the life of the
// process. Queries bring any number of words the lexicon does not have
// (ids, hashes, CJK pairs): their answer is not remembered, so a memo is
// bounded by the lexicon's stems (unknown words once grew Narrower's memo,
// and later Glossed's, without bound).
type stemMemo struct{ m sync.Map } // stem → []string

// get returns stem's remembered answer, or answer(), remembered when it
// says the lexicon knows stem.
func (s *stemMemo) get(stem string, answer func() (out []string, known bool)) []string {
	if v, ok := s.m.Load(stem); ok {
		return v.([]string)
	}
	out, known := answer()
	if known {
		s.m.Store(stem, out)
	}
	return out
}

// has reports whether stem's answer is remembered (for tests).
func (s *stemMemo) has(stem string) bool {
	_, ok := s.m.Load(stem)
	return ok
}
