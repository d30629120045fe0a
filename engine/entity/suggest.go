package entity

import (
	"crypto/sha256"
	"encoding/hex"
	"sort"
	"strings"
)

// DefaultThreshold is the score a group needs to be suggested, and the
// default for a reconcile job. At this level a partial name ("Bob" for
// "Bob Smith") needs some shared context, while a strong name match ("NYC"
// for "New York City", "Acme" for "Acme Inc.") needs none.
const DefaultThreshold = 0.7

// Context is what the store knows about how entities are used.
type Context struct {
	// Mentions lists, per entity id, the ids of the memories that mention it.
	// Entities mentioned in the same memory are co-mentioned.
	Mentions map[string][]string
}

// Suggestion is a candidate group of duplicate entities.
type Suggestion struct {
	// ID is stable for the same members: a hash of the sorted entity ids.
	ID string `json:"id"`
	// EntityIDs lists the members, the suggested survivor first.
	EntityIDs []string `json:"entity_ids"`
	// CanonicalID is the member the others would be merged into.
	CanonicalID string `json:"canonical_id"`
	// Score (0..1) is the weakest member's score against the survivor.
	Score float64 `json:"score"`
	// Reason explains, for each other member, why it matches the survivor.
	Reason string `json:"reason"`
}

// SuggestAbove proposes groups of duplicate entities whose members all score
// at least threshold against the group's survivor, best first (ties by id),
// at most limit of them (limit <= 0: all).
//
// A pair's score combines name evidence with context. Strong name evidence
// scores 0.8–1.0 on its own: the same name once normalised, or after
// dropping titles and legal suffixes ("Acme" / "Acme Inc.") or spaces
// ("NodeJS" / "Node.js"), an initialism ("NYC"), a numeronym ("K8s"), an
// email address or handle spelling the whole name ("bsmith@…"). A spelling
// variant scores 0.72, for people a nickname 0.65 ("Bob Brown" / "Robert
// Brown") and a one-letter difference 0.5; plus up to 0.25 for context. A
// part of a name ("Bob" of "Bob Smith", the email bob@… of "Bob Smith")
// scores 0.65 (a given-name prefix, "Alex" / "Alexander Smith", 0.55) plus
// up to 0.3 for context. A reduced name (a part, an initialism, a user name)
// that could equally refer to another entity ("Bob" / "Bob Jones") scores
// 0.25 less unless context singles one out. Context is the overlap of
// co-mentioned entities (obvious duplicates among them counted once), being
// mentioned in the same memory, and an email domain naming an organisation
// the other is mentioned with. Types must be compatible (a person and a
// place never merge); compatible but different types cost 0.1.
//
// Groups are connected components of pairs at or above threshold, but every
// member must itself score at least threshold against the group's survivor
// (pickCanonical), so that "Bob" cannot chain "Bob Smith" to "Bob Jones".
func SuggestAbove(ents []Entity, ctx Context, threshold float64, limit int) []Suggestion {
	g := newGraph(ents, ctx)
	g.score()
	var out []Suggestion
	for _, comp := range g.components(threshold) {
		out = append(out, g.groups(comp, threshold)...)
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Score != out[j].Score {
			return out[i].Score > out[j].Score
		}
		return out[i].ID < out[j].ID
	})
	if limit > 0 && len(out) > limit {
		out = out[:limit]
	}
	return out
}

// SuggestionID returns the stable id of a group of entity ids.
func SuggestionID(entityIDs []string) string {
	ids := append([]string(nil), entityIDs...)
	sort.Strings(ids)
	sum := sha256.Sum256([]byte(strings.Join(ids, "\x00")))
	return "sg_" + hex.EncodeToString(sum[:8])
}

// profile is an entity with its names pre-processed and its context.
type profile struct {
	Entity
	forms []form
	co    map[string]int // co-mentioned entity id → number of shared memories
	seen  int            // number of memories mentioning it
}

// pair is the scored evidence between two entities (a < b by index).
type pair struct {
	a, b   int
	name   nameMatch
	ev     float64 // context evidence 0..1
	evWhy  string
	score  float64
	reason string
}

// graph holds the entities and their scored candidate pairs.
type graph struct {
	ps        []profile
	byID      map[string]int
	pairs     map[[2]int]*pair
	class     []int          // index of each entity's obvious-duplicate class representative
	className map[int]string // class representative → the class's canonical name
}

func newGraph(ents []Entity, ctx Context) *graph {
	ents = append([]Entity(nil), ents...)
	sort.SliceStable(ents, func(i, j int) bool { return ents[i].ID < ents[j].ID })
	g := &graph{byID: make(map[string]int, len(ents)), pairs: map[[2]int]*pair{}}
	for _, e := range ents {
		if _, dup := g.byID[e.ID]; dup {
			continue
		}
		p := profile{Entity: e, co: map[string]int{}, seen: len(ctx.Mentions[e.ID])}
		for _, n := range e.Names() {
			p.forms = append(p.forms, newForm(n, e.Type))
		}
		g.byID[e.ID] = len(g.ps)
		g.ps = append(g.ps, p)
	}
	g.coMentions(ctx)
	return g
}

// coMentions fills each profile's co-mentioned entities from the memories
// that mention it.
func (g *graph) coMentions(ctx Context) {
	byMemory := map[string][]string{}
	for id, mems := range ctx.Mentions {
		if _, ok := g.byID[id]; !ok {
			continue
		}
		seen := map[string]bool{}
		for _, m := range mems {
			if !seen[m] {
				seen[m] = true
				byMemory[m] = append(byMemory[m], id)
			}
		}
	}
	for _, ids := range byMemory {
		for _, a := range ids {
			for _, b := range ids {
				if a != b {
					g.ps[g.byID[a]].co[b]++
				}
			}
		}
	}
}

// score evaluates every candidate pair: name evidence, then context
// evidence (with co-mentions of obvious duplicates counted as one entity),
// then the ambiguity of partial names.
func (g *graph) score() {
	for _, ab := range g.candidates() {
		a, b := &g.ps[ab[0]], &g.ps[ab[1]]
		if !compatible(a.Type, b.Type) {
			continue
		}
		if m := bestMatch(a, b); m.kind != kindNone {
			if a.Type != b.Type && properType(a.Type) && properType(b.Type) {
				// Compatible but different types ("Google" the company,
				// "Google Cloud" the tool) are weaker evidence.
				m.base -= typeMismatchPenalty
				m.reason += " (but one is " + article(a.Type) + ", the other " + article(b.Type) + ")"
			}
			g.pairs[ab] = &pair{a: ab[0], b: ab[1], name: m}
		}
	}
	g.sameClasses()
	for _, p := range g.pairs {
		p.ev, p.evWhy = g.evidence(&g.ps[p.a], &g.ps[p.b])
	}
	g.resolveAmbiguity()
	for _, p := range g.pairs {
		p.score, p.reason = finalScore(p)
	}
}

// bestMatch is the strongest name evidence over all names of a and b.
func bestMatch(a, b *profile) nameMatch {
	var best nameMatch
	for _, x := range a.forms {
		for _, y := range b.forms {
			m := matchForms(x, y, a.Type, b.Type)
			if m.kind > best.kind || (m.kind == best.kind && m.base > best.base) {
				best = m
			}
		}
	}
	return best
}

// ambiguousPenalty is subtracted from a directional match that could as
// well refer to another entity: enough to put even an initialism (0.9)
// below DefaultThreshold.
const ambiguousPenalty = 0.25

// typeMismatchPenalty is subtracted when two names match but their
// (compatible) types differ.
const typeMismatchPenalty = 0.1

// properType reports types that say what a thing is, as opposed to an
// identifier or an unknown.
func properType(t string) bool {
	return t != "" && t != TypeOther && t != TypeEmail && t != TypeHandle && t != TypeURL
}

func article(t string) string {
	if strings.ContainsRune("aeiou", rune(t[0])) {
		return "an " + t
	}
	return "a " + t
}

// finalScore combines name and context evidence into a pair's score.
func finalScore(p *pair) (float64, string) {
	reason := p.name.reason
	if p.evWhy != "" {
		reason += "; " + p.evWhy
	}
	var s float64
	switch p.name.kind {
	case kindStrong:
		s = p.name.base + 0.05*p.ev
	case kindVariant:
		s = p.name.base + 0.25*p.ev
	case kindPartial:
		s = p.name.base + 0.3*p.ev
	}
	return min(1, s), reason
}
