package entity

import (
	"sort"
	"strings"
	"unicode/utf8"
)

// components returns the connected components (two or more entities) of the
// pairs scoring at least threshold among idx, each sorted, in order of their
// first member.
func (g *graph) components(threshold float64) [][]int {
	all := make([]int, len(g.ps))
	for i := range all {
		all[i] = i
	}
	return g.componentsOf(all, threshold)
}

func (g *graph) componentsOf(idx []int, threshold float64) [][]int {
	in := make(map[int]bool, len(idx))
	for _, i := range idx {
		in[i] = true
	}
	parent := map[int]int{}
	var find func(int) int
	find = func(i int) int {
		if p, ok := parent[i]; ok && p != i {
			r := find(p)
			parent[i] = r
			return r
		}
		return i
	}
	for k, p := range g.pairs {
		if p.score >= threshold && in[k[0]] && in[k[1]] {
			ra, rb := find(k[0]), find(k[1])
			if ra != rb {
				parent[max(ra, rb)] = min(ra, rb)
			}
		}
	}
	byRoot := map[int][]int{}
	for _, i := range idx {
		r := find(i)
		byRoot[r] = append(byRoot[r], i)
	}
	var out [][]int
	for _, c := range byRoot {
		if len(c) >= 2 {
			sort.Ints(c)
			out = append(out, c)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i][0] < out[j][0] })
	return out
}

// groups turns a component into suggestions: the survivor and the members
// that score at least threshold against it directly; the rest are grouped
// again among themselves.
func (g *graph) groups(comp []int, threshold float64) []Suggestion {
	ents := make([]Entity, len(comp))
	for i, k := range comp {
		ents[i] = g.ps[k].Entity
	}
	canon := g.byID[g.canonical(ents).ID]
	members := []int{canon}
	var rest []int
	for _, k := range comp {
		if k == canon {
			continue
		}
		if p, ok := g.pairs[[2]int{min(k, canon), max(k, canon)}]; ok && p.score >= threshold {
			members = append(members, k)
		} else {
			rest = append(rest, k)
		}
	}
	var out []Suggestion
	if len(members) >= 2 {
		out = append(out, g.suggestion(members))
	}
	for _, c := range g.componentsOf(rest, threshold) {
		out = append(out, g.groups(c, threshold)...)
	}
	return out
}

// suggestion builds the suggestion for members, survivor first.
func (g *graph) suggestion(members []int) Suggestion {
	canon := members[0]
	s := Suggestion{CanonicalID: g.ps[canon].ID, EntityIDs: []string{g.ps[canon].ID}, Score: 1}
	var reasons []string
	for _, k := range members[1:] {
		p := g.pairs[[2]int{min(k, canon), max(k, canon)}]
		s.EntityIDs = append(s.EntityIDs, g.ps[k].ID)
		s.Score = min(s.Score, p.score)
		reasons = append(reasons, p.reason)
	}
	s.ID = SuggestionID(s.EntityIDs)
	s.Reason = strings.Join(reasons, "; ")
	return s
}

// canonical picks the survivor of a group using mention counts.
func (g *graph) canonical(group []Entity) Entity {
	seen := func(e Entity) int { return g.ps[g.byID[e.ID]].seen }
	return pickCanonical(group, seen)
}

// pickCanonical picks the entity a group of duplicates is merged into: a
// proper name rather than an initialism, handle, email or URL; then the
// fullest name (most words, ignoring titles and legal suffixes); then the
// one seen in more memories; then the longest; then the smallest id.
func pickCanonical(group []Entity, seen func(Entity) int) Entity {
	if len(group) == 0 {
		return Entity{}
	}
	best := group[0]
	for _, e := range group[1:] {
		if canonicalLess(e, best, seen) {
			best = e
		}
	}
	return best
}

// canonicalLess reports whether a is a better survivor than b.
func canonicalLess(a, b Entity, seen func(Entity) int) bool {
	fa, fb := newForm(a.Name, a.Type), newForm(b.Name, b.Type)
	if ca, cb := nameClass(a, fa), nameClass(b, fb); ca != cb {
		return ca < cb
	}
	if len(fa.core) != len(fb.core) {
		return len(fa.core) > len(fb.core)
	}
	if sa, sb := seen(a), seen(b); sa != sb {
		return sa > sb
	}
	if la, lb := utf8.RuneCountInString(a.Name), utf8.RuneCountInString(b.Name); la != lb {
		return la > lb
	}
	return a.ID < b.ID
}

// nameClass ranks the kind of a name: proper names first, URLs last.
func nameClass(e Entity, f form) int {
	switch {
	case e.Type == TypeURL:
		return 4
	case e.Type == TypeEmail || (f.ident && f.domain != ""):
		return 3
	case e.Type == TypeHandle || f.ident:
		return 2
	case f.short:
		return 1
	}
	return 0
}

// Merge folds others into survivor: every name and alias of the others
// becomes an alias of the survivor (once per normalised form, never the
// survivor's own name), in order. A survivor of an uninformative type
// (other, email, handle) takes the first informative type among the others.
func Merge(survivor Entity, others []Entity) Entity {
	out := survivor
	out.Aliases = nil
	seen := map[string]bool{Normalize(survivor.Name): true}
	add := func(n string) {
		k := Normalize(n)
		if k == "" || seen[k] {
			return
		}
		seen[k] = true
		out.Aliases = append(out.Aliases, n)
	}
	for _, a := range survivor.Aliases {
		add(a)
	}
	for _, o := range others {
		for _, n := range o.Names() {
			add(n)
		}
	}
	if weakType(out.Type) {
		for _, o := range others {
			if !weakType(o.Type) && o.Type != TypeURL {
				out.Type = o.Type
				break
			}
		}
	}
	return out
}

func weakType(t string) bool {
	return t == "" || t == TypeOther || t == TypeEmail || t == TypeHandle
}
