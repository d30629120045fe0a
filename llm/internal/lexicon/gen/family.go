package main

import "sort"

// families groups lemmas into derivational families ("marry", "married", "marriage"; "allergy", "allergic";
// "music", "musical") with union-find over WordNet's lexical derivation (+) and pertainym (\) links, kept only
// between words that share a prefix (at least 4 letters, or all of the shorter word), so a family stays one
// word's morphology and never a chain of loose associations. It returns each lemma's family name: the
// alphabetically first member.
func families(wn *wordNet) map[string]string {
	parent := map[string]string{}
	var find func(string) string
	find = func(x string) string {
		p, ok := parent[x]
		if !ok || p == x {
			return x
		}
		r := find(p)
		parent[x] = r
		return r
	}
	union := func(a, b string) {
		ra, rb := find(a), find(b)
		if ra == rb {
			return
		}
		if rb < ra {
			ra, rb = rb, ra
		}
		parent[ra] = ra
		parent[rb] = ra
	}
	keys := make([]string, 0, len(wn.synsets))
	for k := range wn.synsets {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		s := wn.synsets[k]
		for _, p := range s.ptrs {
			if (p.sym != "+" && p.sym != `\`) || p.src == 0 || p.tgt == 0 {
				continue
			}
			t := wn.synsets[p.target]
			if t == nil || p.src > len(s.words) || p.tgt > len(t.words) {
				continue
			}
			a, b := s.words[p.src-1], t.words[p.tgt-1]
			if a != "" && b != "" && a != b && sharedPrefix(a, b) {
				union(a, b)
			}
		}
	}
	out := map[string]string{}
	for w := range parent {
		out[w] = find(w)
	}
	return out
}

func sharedPrefix(a, b string) bool {
	n := 0
	for n < len(a) && n < len(b) && a[n] == b[n] {
		n++
	}
	return n >= 4 || n == min(len(a), len(b))
}
