package search

import (
	"context"
	"regexp"
	"slices"
	"strings"

	"github.com/memsvc/memsvc/auth"
	"github.com/memsvc/memsvc/engine"
	"github.com/memsvc/memsvc/engine/index"
	"github.com/memsvc/memsvc/text"
)

// An agent often speaks of its user by the name the user gave ("where does
// Priya work", "what is Priya allergic to" once "I'm Priya, 34" is stored),
// and with auth off a client names its user by id ("where does alice live"
// searched as user "alice").
// The memories speak of the user as "User" ("User works as a data analyst
// …"), so such a name meets one memory only, the fact that gives it, whose
// rare word then ranks it first and its place (one per episode) hides the
// answer said beside it; an id no memory holds reads as an absent name
// (index.absentWeight), as if the query were about someone else. So such
// a word is read as the first person, as the user would have asked it:
// "Priya's" as "my", "Priya" as "I". Left as they are: a speaker's name
// (turns stored under that name are found by it: a chat log of two named
// people), an id the user's memories mention (it is one of their words),
// and the auth-off default id ("default", a common word).

// selfNameFacts are the texts by which a fact gives the user's own name:
// the extractor's form ("User's name is Priya", "User is called Bea") and
// a name with an age ("User is Priya, 34"). "User is British" is not one.
var selfNameFacts = regexp.MustCompile(`^User(?:'s (?:first |full |nick)?name is| is called| is named| goes by) (\p{Lu}[\p{L}'’-]*)` +
	`|^User is (\p{Lu}[\p{L}'’-]*),? \d`)

// selfNamesOf is how many facts naming a term are read to find a self
// name: the name fact is short, so BM25 ranks it near the top of them.
const selfNamesOf = 8

// asFirstPerson returns query with each word that names the searching
// user written in the first person, or query itself when it names none or
// is only about the name ("who is Priya" asks what the name fact says).
func (e *Searcher) asFirstPerson(ctx context.Context, rd *reads, shard *index.Shard, user, query string) (string, error) {
	var b strings.Builder
	last := 0
	for _, t := range text.Scan(query, text.Options{}) {
		own, err := e.namesUser(ctx, rd, shard, user, t)
		if err != nil {
			return query, err
		}
		if !own {
			continue
		}
		b.WriteString(query[last:t.Start])
		end, word := t.End, "I"
		if rest, ok := possessive(query[t.End:]); ok {
			end, word = len(query)-len(rest), "my"
		}
		b.WriteString(word)
		last = end
	}
	if last == 0 {
		return query, nil
	}
	b.WriteString(query[last:])
	rewritten := b.String()
	if !slices.ContainsFunc(text.AnalyzeQuery(rewritten), func(term string) bool { return !text.IsSelfWord(term) }) {
		return query, nil
	}
	return rewritten, nil
}

// possessive reports whether s opens with a possessive ending ("'s", "’s"
// or a bare apostrophe) and returns what follows it.
func possessive(s string) (string, bool) {
	for _, p := range []string{"'s", "’s", "'", "’"} {
		if rest, ok := strings.CutPrefix(s, p); ok {
			return rest, true
		}
	}
	return s, false
}

// namesUser reports whether t names the searching user: by the user's id,
// which no memory of theirs holds, or by a name of their own (isSelfName).
func (e *Searcher) namesUser(ctx context.Context, rd *reads, shard *index.Shard, user string, t text.Token) (bool, error) {
	if strings.EqualFold(t.Word, user) {
		return !strings.EqualFold(user, auth.DefaultUser) && !shard.Has(text.Stem(t.Word)), nil
	}
	if !t.Capital || !t.Title || text.IsNoiseWord(t.Word) {
		return false, nil
	}
	return e.isSelfName(ctx, rd, shard, t.Word)
}

// isSelfName reports whether word (lower-cased) is a name a current fact
// of the user gives as the user's own and no speaker of the shard bears.
func (e *Searcher) isSelfName(ctx context.Context, rd *reads, shard *index.Shard, word string) (bool, error) {
	term := text.Stem(word)
	if !shard.Has(term) || slices.Contains(shard.Speakers(), word) {
		return false, nil
	}
	hits := shard.TextSearch([]string{term}, nil, e.cfg.BM25K1, e.cfg.BM25B, currentFact, selfNamesOf)
	ids := make([]string, len(hits))
	for i, h := range hits {
		ids[i] = h.ID
	}
	mems, err := rd.Load(ctx, ids)
	if err != nil {
		return false, err
	}
	return slices.ContainsFunc(mems, func(m *engine.Memory) bool { return selfNameIn(m.Text) == word }), nil
}

// currentFact keeps the rows that may give the user's name: current
// facts, not turns (a turn "I'm Priya" is said, its fact is what is held).
func currentFact(r *index.Row) bool {
	return r.State == engine.StateActive && !r.Episode && r.MemoryType == engine.TypeSemantic
}

// selfNameIn returns the name (lower-cased) a fact's text gives as the
// user's own, or "".
func selfNameIn(fact string) string {
	m := selfNameFacts.FindStringSubmatch(fact)
	if m == nil {
		return ""
	}
	return strings.ToLower(m[1] + m[2])
}
