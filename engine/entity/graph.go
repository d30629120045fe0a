package entity

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
)

// maxBucket caps how many entities may share a blocking key before the key
// is ignored: a key that common says nothing about duplicates and would make
// the comparison quadratic.
const maxBucket = 200

// candidates returns the pairs of entities worth comparing, in order: those
// sharing a blocking key (a word, a word prefix, initials, a user-name
// spelling).
func (g *graph) candidates() [][2]int {
	keys := make([][]string, len(g.ps))
	buckets := map[string][]int{}
	for i := range g.ps {
		keys[i] = blockKeys(&g.ps[i])
		for _, k := range keys[i] {
			buckets[k] = append(buckets[k], i)
		}
	}
	stamp := make([]int, len(g.ps)) // stamp[j] == i+1: pair (i, j) already listed
	var out [][2]int
	for i := range g.ps {
		from := len(out)
		for _, k := range keys[i] {
			if b := buckets[k]; len(b) <= maxBucket {
				for _, j := range b {
					if j > i && stamp[j] != i+1 {
						stamp[j] = i + 1
						out = append(out, [2]int{i, j})
					}
				}
			}
		}
		sort.Slice(out[from:], func(x, y int) bool { return out[from+x][1] < out[from+y][1] })
	}
	return out
}

// blockKeys lists an entity's blocking keys, each once.
func blockKeys(p *profile) []string {
	set := map[string]bool{}
	for _, f := range p.forms {
		if f.ident {
			set["t:"+f.local] = true
			for _, t := range f.lparts {
				set["t:"+t] = true
			}
			continue
		}
		for _, t := range f.core {
			if isNameStop(t) {
				continue
			}
			set["t:"+t] = true
			if r := []rune(t); len(r) >= 3 {
				set["p:"+string(r[:3])] = true
				set["n:"+string(r[0])+strconv.Itoa(len(r)-2)+string(r[len(r)-1])] = true
			}
		}
		if len(f.core) >= 2 {
			all, content := initials(f.core)
			set["a:"+all], set["a:"+content] = true, true
			first, last := f.core[0], f.core[len(f.core)-1]
			f0, l0 := string([]rune(first)[0]), string([]rune(last)[0])
			for _, s := range []string{strings.Join(f.core, ""), first + last, last + first, f0 + last, first + l0, last + f0} {
				set["t:"+s] = true
			}
		}
		if f.short {
			set["a:"+strings.ReplaceAll(f.norm, " ", "")] = true
			set["n:"+f.norm] = true
		}
	}
	keys := make([]string, 0, len(set))
	for k := range set {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// commonMailDomains are email providers whose name says nothing about where
// a person works.
func commonMailDomain(d string) bool {
	switch d {
	case "gmail", "googlemail", "yahoo", "outlook", "hotmail", "live", "msn", "icloud", "me", "mac",
		"aol", "proton", "protonmail", "pm", "gmx", "mail", "yandex", "fastmail", "zoho", "hey",
		"example", "web", "email":
		return true
	}
	return false
}

// sameClasses groups entities whose names are the same name in another form
// (score >= 0.9: equal, differing by a suffix, an initialism), so that
// context counts "Acme" and "Acme Inc." as one co-mentioned entity.
func (g *graph) sameClasses() {
	g.class = make([]int, len(g.ps))
	for i := range g.class {
		g.class[i] = i
	}
	var find func(int) int
	find = func(i int) int {
		if g.class[i] != i {
			g.class[i] = find(g.class[i])
		}
		return g.class[i]
	}
	for k, p := range g.pairs {
		if p.name.kind == kindStrong && p.name.base >= 0.9 {
			ra, rb := find(k[0]), find(k[1])
			g.class[max(ra, rb)] = min(ra, rb)
		}
	}
	members := map[int][]Entity{}
	for i := range g.class {
		members[find(i)] = append(members[find(i)], g.ps[i].Entity)
	}
	g.className = make(map[int]string, len(members))
	for c, es := range members {
		g.className[c] = g.canonical(es).Name
	}
}

// coClasses returns the classes of the entities co-mentioned with p, except
// the classes in skip.
func (g *graph) coClasses(p *profile, skip ...int) map[int]bool {
	out := map[int]bool{}
	for id := range p.co {
		c := g.class[g.byID[id]]
		if c != skip[0] && c != skip[1] {
			out[c] = true
		}
	}
	return out
}

// evidence measures how much a and b share context (0..1) and says why: the
// overlap of their co-mentioned entities, being mentioned in the same
// memory, and an email domain naming an organisation the other is
// mentioned with.
func (g *graph) evidence(a, b *profile) (float64, string) {
	var ev float64
	var why []string
	ca, cb := g.class[g.byID[a.ID]], g.class[g.byID[b.ID]]
	coA, coB := g.coClasses(a, ca, cb), g.coClasses(b, ca, cb)
	var shared []string
	for c := range coA {
		if coB[c] {
			shared = append(shared, g.className[c])
		}
	}
	na, nb := len(coA), len(coB)
	if len(shared) > 0 {
		sort.Strings(shared)
		overlap := float64(len(shared)) / float64(min(na, nb))
		ev += overlap * min(1, 0.4+0.3*float64(len(shared)))
		if len(shared) > 3 {
			shared = shared[:3]
		}
		why = append(why, "both mentioned with '"+strings.Join(shared, "', '")+"'")
	}
	if n := a.co[b.ID]; n > 0 {
		ev += 0.3
		if n == 1 {
			why = append(why, "mentioned together in 1 memory")
		} else {
			why = append(why, fmt.Sprintf("mentioned together in %d memories", n))
		}
	}
	if s := g.domainEvidence(a, b); s != "" {
		ev += 0.3
		why = append(why, s)
	} else if s := g.domainEvidence(b, a); s != "" {
		ev += 0.3
		why = append(why, s)
	}
	return min(1, ev), strings.Join(why, "; ")
}

// domainEvidence reports an email of x whose domain names an organisation
// that y is mentioned with ("bob@acme.io" and "Bob Smith", who is mentioned
// with "Acme Inc.").
func (g *graph) domainEvidence(x, y *profile) string {
	for _, f := range x.forms {
		if f.domain == "" || commonMailDomain(f.domain) {
			continue
		}
		for id := range y.co {
			o := &g.ps[g.byID[id]]
			for _, of := range o.forms {
				if !of.ident && strings.Join(of.core, "") == strings.ReplaceAll(f.domain, " ", "") {
					return fmt.Sprintf("the domain of '%s' names '%s', which is mentioned with '%s'", f.raw, o.Name, y.Name)
				}
			}
		}
	}
	return ""
}

// resolveAmbiguity lowers directional matches whose reduced name could as
// well refer to another, distinct entity ("Bob" of "Bob Smith" and of "Bob
// Jones", "SF" of "San Francisco" and of "Santa Fe", "@jdoe" of "John Doe"
// and of "Jane Doe"), unless context clearly favours one of them.
func (g *graph) resolveAmbiguity() {
	byShort := map[int][]*pair{}
	for _, p := range g.pairs {
		if p.name.directional {
			s := p.b
			if p.name.aShort {
				s = p.a
			}
			byShort[s] = append(byShort[s], p)
		}
	}
	for short, ps := range byShort {
		if len(ps) < 2 {
			continue
		}
		sort.Slice(ps, func(i, j int) bool { return ps[i].a+ps[i].b < ps[j].a+ps[j].b })
		clusters := g.referents(short, ps)
		if len(clusters) < 2 {
			continue
		}
		best := clusters[0]
		second := clusters[1]
		winner := best.ev >= 0.2 && best.ev >= 2*second.ev
		for ci, c := range clusters {
			if winner && ci == 0 {
				for _, p := range c.pairs {
					p.name.reason += fmt.Sprintf(" (context favours it over '%s')", second.name)
				}
				continue
			}
			alt := best.name
			if ci == 0 {
				alt = second.name
			}
			for _, p := range c.pairs {
				p.name.base -= ambiguousPenalty
				p.name.reason += fmt.Sprintf(" (but could also be '%s')", alt)
			}
		}
	}
}

// referent is a set of candidate long names that are themselves one entity.
type referent struct {
	pairs []*pair
	ev    float64
	name  string
}

// sameReferent reports candidates that are one entity as far as ambiguity
// goes: matching names, or a part of a name backed by shared context ("Bob"
// and "Bob Smith" both mentioned with Acme).
func sameReferent(p *pair) bool {
	return p.name.kind >= kindVariant || (p.name.kind == kindPartial && p.ev >= 0.2)
}

// referents groups the partial matches of short by distinct long entity,
// strongest context evidence first.
func (g *graph) referents(short int, ps []*pair) []referent {
	other := func(p *pair) int {
		if p.a == short {
			return p.b
		}
		return p.a
	}
	var out []referent
	for _, p := range ps {
		o := other(p)
		placed := false
		for i := range out {
			q := other(out[i].pairs[0])
			if m, ok := g.pairs[[2]int{min(o, q), max(o, q)}]; ok && sameReferent(m) {
				out[i].pairs = append(out[i].pairs, p)
				out[i].ev = max(out[i].ev, p.ev)
				placed = true
				break
			}
		}
		if !placed {
			out = append(out, referent{pairs: []*pair{p}, ev: p.ev, name: g.ps[o].Name})
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].ev > out[j].ev })
	return out
}
