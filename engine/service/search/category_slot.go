package search

import (
	"context"
	"unicode"

	"slices"
	"strings"

	"github.com/memsvc/memsvc/engine"
	"github.com/memsvc/memsvc/engine/extract"
	"github.com/memsvc/memsvc/text"
	"github.com/memsvc/memsvc/text/lazyre"
)

// A question may name a slot by its category ("what's my job", "where does
// my sister live", "how old is Rhea") where the memory that fills it
// names only the value ("User started as a nurse at St Thomas hospital"):
// the two share no word, and that memory scored 0.04 while another
// person's job ("Sam got a job at a school") shared "job" and came first at
// 1.00. askedSlotOf reads the holder and the category a question asks
// about; slotAnswer reads a memory's slot as supersession does
// (extract.SlotOf) and tells whether it fills that slot for that holder, or
// the same slot for someone else.

// askedSlot is a slot a question asks about: whose (holder, as
// extract.SubjectKey writes a slot's subject: "user", "user's sister",
// "rhea"), which predicates its category word names, and the word
// itself (things owned by that name or one of its kind's members fill it:
// "my car" and "User's car is a Honda").
type askedSlot struct {
	holder string
	preds  []string
	word   string
	// roles are the stems of a role the holder has someone in ("manag",
	// "boss"): a memory naming the holder's one of them fills it
	// (fillsRole). restriction asks the holder's food restrictions
	// (fillsRestriction). Both: slot_questions.go.
	roles       []string
	restriction bool
	// same are the searcher's same-meaning words, by which an asked
	// holder meets a stored one ("my fiancée", "User's girlfriend");
	// nil reads the holders as written.
	same sameWords
}

// slotCategories maps a category word to the slot predicates of
// engine/extract that fill it. A word with no predicate ("pet", "car")
// is filled by an owned thing of its name or kind (ownsKind).
var slotCategories = map[string][]string{
	"job": jobSlots, "jobs": jobSlots, "work": jobSlots, "occupation": jobSlots, "profession": jobSlots,
	"career": jobSlots, "employer": {"works_at"}, "workplace": {"works_at"},
	"home": {"lives_in"}, "live": {"lives_in"}, "address": {"lives_in"}, "hometown": {"from"},
	"age": {"age"}, "old": {"age"},
	"partner": partnerSlots, "husband": partnerSlots, "wife": partnerSlots, "boyfriend": partnerSlots,
	"girlfriend": partnerSlots, "spouse": partnerSlots,
	"diet": {"diet"}, "school": {"studies_at", "school_year"}, "university": {"studies_at"},
	"college": {"studies_at"}, "major": {"major_in"},
	"pet": nil, "pets": nil, "car": {"drive"}, "commute": {"commute"},
}

// ownedCategories are the category words a thing owned fills as well as
// their predicates ("User's car is a Honda"). A person is not: "Ana's
// wife arrived at eight" says when she came, not who Ana's partner is.
var ownedCategories = text.WordSet(`pet pets car commute`)

var (
	jobSlots     = []string{"job_title", "works_at"}
	partnerSlots = []string{"partner", "relationship_status"}
)

var (
	// holderVerbRes: "where do I work", "who does my sister work for",
	// "where does my sister live", "what does Rhea do for a living",
	// "how old is Rhea": group 1 the holder, 2 the category word. The
	// verb ends the question ("who did she work with" asks no job). A name
	// is a capitalised word, so none of them folds case.
	holderVerbRes = []*lazyre.Regexp{
		lazyre.New(`\b[Ww]here (?:do|does|did) (I|we|my \p{Ll}+|\p{Lu}\p{Ll}+) (?:currently |still |now )?(work|live)(?: now| these days| nowadays| currently)?\s*(?:[?.!,]|$)`),
		lazyre.New(`\b[Ww]ho (?:do|does|did) (I|we|my \p{Ll}+|\p{Lu}\p{Ll}+) (?:currently |still |now )?(work) for(?: now| these days| nowadays| currently)?\s*(?:[?.!,]|$)`),
		lazyre.New(`\b[Ww]hat (?:do|does) (I|we|my \p{Ll}+|\p{Lu}\p{Ll}+) do for (?:a )?(work|living)\b`),
		lazyre.New(`\b[Hh]ow (old) (?:am|is|are) (I|my \p{Ll}+|\p{Lu}\p{Ll}+)\b`),
	}
)

// askedSlotOf returns the slot query asks about by its category word, or
// nil when it names none.
func askedSlotOf(query string) *askedSlot {
	query = strings.ReplaceAll(query, "’", "'")
	if a := verbAskedSlot(query); a != nil {
		return a // "who does my wife report to": slot_questions.go
	}
	if a := ownedCategory(strings.Fields(query)); a != nil {
		return a
	}
	for _, re := range holderVerbRes {
		m := re.FindStringSubmatch(query)
		if m == nil {
			continue
		}
		who, word := m[1], m[2]
		if re == holderVerbRes[len(holderVerbRes)-1] {
			who, word = m[2], m[1]
		}
		if word == "living" {
			word = "work"
		}
		return &askedSlot{holder: askedHolder(who), preds: slotCategories[word], word: word}
	}
	return categoryAskedSlot(query) // "what car do I drive": slot_questions.go
}

// ownedCategory reads a category word said as someone's ("my job", "my
// sister's job", "Rhea's new car"), or returns nil.
func ownedCategory(words []string) *askedSlot {
	for i, w := range words {
		holder := ownerOf(w)
		if holder == "" {
			continue
		}
		j := i + 1
		if j < len(words) {
			if rel, ok := strings.CutSuffix(words[j], "'s"); ok && rel == strings.ToLower(rel) {
				holder, j = holder+"'s "+rel, j+1 // "my sister's job"
			}
		}
		for j < len(words) && categoryModifiers[words[j]] {
			j++
		}
		if j < len(words) {
			word := strings.ToLower(strings.Trim(words[j], ".,;:!?\"'()"))
			if slices.Contains(managerRoles, stemOf(word)) { // "who is my boss"
				return &askedSlot{holder: holder, word: word, roles: managerRoles}
			}
			if preds, ok := slotCategories[word]; ok && !verbCategories[word] {
				return &askedSlot{holder: holder, preds: preds, word: word}
			}
		}
	}
	return nil
}

// verbCategories are the category words read only in a question's verb
// phrase (holderVerbRes): "save my work" asks no job, "my old laptop" no
// age.
var verbCategories = text.WordSet(`work live old`)

// categoryModifiers may stand between an owner and the category word.
var categoryModifiers = text.WordSet(`current present new main day first old usual`)

// ownerOf is the slot subject a word of a question names as an owner: the
// user for "my" and "our", a name for a capitalised possessive that is no
// common word ("Rhea's", not "What's"), else "".
func ownerOf(w string) string {
	low := strings.ToLower(w)
	if low == "my" || low == "our" {
		return "user"
	}
	name, ok := strings.CutSuffix(w, "'s")
	if !ok || name == "" || !unicode.IsUpper([]rune(name)[0]) || text.IsStopWord(strings.ToLower(name)) {
		return ""
	}
	return extract.SubjectKey(strings.ToLower(name))
}

// holderKey is the slot subject an owner word of a question stands for:
// the user for the first person, else the name.
func holderKey(owner string) string {
	w := strings.ToLower(strings.TrimSuffix(owner, "'s"))
	if firstPerson[w] {
		return "user"
	}
	return extract.SubjectKey(w)
}

// slotFill is how a memory stands to an asked slot.
type slotFill int

const (
	slotNone   slotFill = iota // it fills no slot of the category
	slotMet                    // it fills the slot for the asked holder
	slotOthers                 // it fills the slot for someone else
)

// slotAnswer reads how the memory texts (a fact, or the facts of a turn)
// stand to a: met when one fills a's slot for a's holder, another's when
// they fill it only for others. members are the asked word's kind's
// members (a pet's: dog, cat…).
func slotAnswer(a *askedSlot, members []string, texts ...string) slotFill {
	out := slotNone
	for _, t := range texts {
		s := asUsersSlot(slotOfMemory(t))
		var fill slotFill
		switch {
		case a.restriction:
			fill = fillsRestriction(s, t, a.holder)
		case s != nil:
			fill = a.filledFor(s, members)
		}
		switch fill {
		case slotMet:
			return slotMet
		case slotOthers:
			out = slotOthers
		}
	}
	return out
}

// slotOfMemory is the slot a memory's text fills (extract.SlotOf), also
// when it says a job was taken up ("User started as a nurse at St Thomas
// hospital"): being one since then is holding that job.
func slotOfMemory(t string) *extract.Slot {
	if s := extract.SlotOf(t); s != nil {
		return s
	}
	if m := startedAsRe.FindStringSubmatchIndex(t); m != nil {
		return extract.SlotOf(t[:m[2]] + "is " + t[m[3]:])
	}
	return nil
}

// startedAsRe finds a role taken up: "started as a nurse", "began working
// as an intern". Group 1 is the verb phrase, which "is" replaces; SlotOf
// then judges whether what follows is a job ("is a nurse", not "is a
// joke").
var startedAsRe = lazyre.New(`(?i)\b((?:has |have )?(?:started|starts|began|begins|is starting)(?: (?:out|off|working|work))? as )an? `)

// filledFor reads a slot of subject and pred against a: met when it is
// of a's category and a's holder's, another's when it is of the category
// and someone else's. It is of the category by one of its predicates (and
// then held as heldBy says), or as a thing owned, named by a's word or one
// of its kind's members, for a category of things (and then the owner's:
// "User's car is a Honda" for "my car", "User has a cat named Luna" for
// "my pet").
func (a *askedSlot) filledFor(s *extract.Slot, members []string) slotFill {
	subject, pred := s.Subject, s.Predicate
	if a.roles != nil {
		if fillsRole(subject, a.holder, a.roles) {
			return slotMet
		}
		return slotNone
	}
	if pred == "rent" && !rentsHome(s.Value) {
		return slotNone
	}
	if slices.Contains(a.preds, pred) {
		if heldBy(subject, a.holder) || a.sameHolder(subject) {
			return slotMet
		}
		return slotOthers
	}
	i := strings.LastIndex(subject, "'s ")
	if i < 0 || !ownedCategories[a.word] {
		return slotNone
	}
	owner, thing := subject[:i], subject[i+3:] // "user's sister's cat": the sister's
	thing, _, _ = strings.Cut(thing, " ")      // "user's dog rex" is a dog
	stems := text.Analyze(thing)
	if len(stems) != 1 || stems[0] != stemOf(a.word) && !slices.Contains(members, stems[0]) {
		return slotNone
	}
	if owner == a.holder {
		return slotMet
	}
	return slotOthers
}

// stemOf is the one analysed term of a word ("" when it has none).
func stemOf(w string) string {
	if t := text.Analyze(w); len(t) == 1 {
		return t[0]
	}
	return ""
}

// heldBy reports whether a slot's subject is holder's: extract.HeldBy
// (the holder, or a thing of the holder's that is no person: "user's car"),
// the holder named more fully ("user's sister ana" for "user's sister"),
// or one of a pair ("user and user's partner").
func heldBy(subject, holder string) bool {
	for _, s := range strings.Split(subject, " and ") {
		if extract.HeldBy(s, holder) || strings.HasPrefix(s, holder+" ") {
			return true
		}
	}
	return false
}

// metSlotScore is the score a memory filling the asked slot for the asked
// holder is given at least: a clear answer, above the floor. othersSlotScore
// is the most a memory filling it only for someone else keeps: "Sam got a
// job at a school" is no answer to "what's my job", however many words it
// shares with it.
const (
	metSlotScore    = 0.9
	othersSlotScore = 0.2
)

// weighAskedSlot scores the hits of a question that asks a slot by its
// category word (askedSlotOf) by how they fill it: one that fills it for
// the asked holder is an answer (metSlotScore) and moves ahead of the
// others, keeping their order; one that fills it only for someone else is
// none (othersSlotScore). A turn fills what its facts fill. It never fails
// a search: hits it cannot read stay as they were.
func (e *Searcher) weighAskedSlot(ctx context.Context, rd *reads, query string, hits []engine.Scored) []engine.Scored {
	a := askedSlotOf(query)
	if a == nil || len(hits) == 0 {
		return hits
	}
	a.same = e.sameWords()
	members := e.kindMembers(a.word)
	met := make([]engine.Scored, 0, len(hits))
	rest := make([]engine.Scored, 0, len(hits))
	for _, h := range hits {
		texts, err := slotTexts(ctx, rd, &h)
		if err != nil {
			return hits
		}
		switch slotAnswer(a, members, texts...) {
		case slotMet:
			e.setScore(&h, max(h.Score, metSlotScore))
			met = append(met, h)
			continue
		case slotOthers:
			e.setScore(&h, min(h.Score, othersSlotScore))
		}
		rest = append(rest, h)
	}
	return append(met, rest...)
}

// slotTexts are the texts whose slots a hit fills: a turn's facts still
// held, or its own text.
func slotTexts(ctx context.Context, rd *reads, h *engine.Scored) ([]string, error) {
	if h.Memory == nil {
		return nil, nil
	}
	if !h.IsEpisode() || len(h.Facts) == 0 {
		return []string{h.Text}, nil
	}
	facts, err := rd.Load(ctx, h.Facts)
	if err != nil {
		return nil, err
	}
	out := make([]string, 0, len(facts))
	for _, f := range facts {
		if f.State == engine.StateActive { // a retired fact's slot was given another value
			out = append(out, f.Text)
		}
	}
	return out, nil
}

// kindMembers are the stems of the common members of word's kind ("pet":
// dog, cat…), none without a WordForms.
func (e *Searcher) kindMembers(word string) []string {
	if e.forms == nil {
		return nil
	}
	return e.forms.Members(stemOf(word))
}
