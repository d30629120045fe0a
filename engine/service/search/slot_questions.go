package search

import (
	"context"
	"slices"
	"strings"

	"github.com/memsvc/memsvc/engine"
	"github.com/memsvc/memsvc/engine/extract"
	"github.com/memsvc/memsvc/engine/index"
	"github.com/memsvc/memsvc/engine/recall"
	"github.com/memsvc/memsvc/text"
	"github.com/memsvc/memsvc/text/lazyre"
)

// More questions that ask a slot of the user's life by its category
// (category_slot.go), in the ways a user asks about their own: the
// category before the verb ("what car do I drive", "which city am I
// based in", "which team do I cheer for"), a role by what one does
// towards it ("who do I report to": the manager), and a food restriction,
// which is no one predicate but several (an allergy, a diet, food or
// drink not taken, an intolerance): "what can't I eat", "is there any
// food I have to stay away from", "do I eat meat". The memory that
// answers names the value only ("User drives a 2016 estate…", "User is
// allergic to shellfish") and shares no word with the question.
//
// Measured on the prompt sets (engine/service/relevance_*_test.go): found
// own-life 15 → 23 of 33 ("which team do I cheer for", "do I eat meat",
// "what does my fiancée do for work": her job, the partner by another
// word), sixteenth 11 → 12 of 25, every other count and every quiet
// count unmoved; dev recall and calibration unmoved (LoCoMo 0.7963,
// tpr/fpr 0.825/0.035; REALTALK 0.6795, 0.893/0.033); the coding-session
// evaluations unmoved.

// categoryVerbs maps a category word asked before its verb to the verbs
// that ask its slot, each with the slot predicates that fill it: "which
// city do I live in" asks where one lives, "which city do I visit" does
// not.
var categoryVerbs = map[string]map[string][]string{
	"car":     carVerbs,
	"vehicle": carVerbs,
	"city":    placeVerbs,
	"town":    placeVerbs,
	"country": placeVerbs,
	"team":    teamVerbs,
	"club":    teamVerbs,
}

var (
	carVerbs   = map[string][]string{"drive": {"drive", "own"}, "own": {"drive", "own"}, "have": {"drive", "own"}}
	placeVerbs = map[string][]string{"live": homeSlots, "based": homeSlots, "reside": homeSlots, "stay": homeSlots}
	teamVerbs  = map[string][]string{"support": {"support"}, "follow": {"support"}, "cheer": {"support"}, "root": {"support"}}
	// homeSlots fill where one lives: a rented home is lived in
	// (rentsHome).
	homeSlots = []string{"lives_in", "rent"}
)

var (
	// categoryVerbRe: "what car do I drive", "what kind of vehicle does
	// my sister own", "which city I'm based in": group 1 the category
	// word, 2 the holder, 3 the verb.
	categoryVerbRe = lazyre.New(`\b(?:[Ww]hat|[Ww]hich)(?: (?:kind|sort|type|make|model) of)? (\p{Ll}+) (?:(?:do|does|did|am|is|are) )?(I|I'm|we|we're|my \p{Ll}+|\p{Lu}\p{Ll}+(?:'s)?) (?:currently |still |now |usually |actually )?(\p{Ll}+)\b`)
	// reportToRe: "who do I report to", "who does my sister report to".
	reportToRe = lazyre.New(`\b[Ww]ho (?:do|does|did) (I|we|my \p{Ll}+|\p{Lu}\p{Ll}+) (?:currently |still |now )?report to\b`)
	// commuteRe: "how do I get to work", "how does my wife get to the
	// office": the holder's commute. Group 1 is the holder.
	commuteRe = lazyre.New(`\b[Hh]ow (?:do|does|should|can) (I|we|my \p{Ll}+|\p{Lu}\p{Ll}+) (?:usually |normally )?(?:get|go|travel|commute) (?:in )?to (?:work|the office|school|uni|college)\b`)
	// relationshipRe: "am I in a relationship", "is my brother married",
	// "is Farid seeing anyone": the holder's partner. Group 1 the holder.
	relationshipRe = lazyre.New(`\b(?:[Aa]m|[Ii]s|[Aa]re) (I|we|my \p{Ll}+|\p{Lu}\p{Ll}+) (?:still |currently )?(?:in a relationship|single|married|engaged|seeing (?:someone|anyone)|dating (?:someone|anyone))\b`)
	// restrictionRes ask what food or drink the holder must not take:
	// "what can't I eat", "what am I allergic to", "is there any food I
	// have to stay away from", "do I eat meat". Group 1 is the holder.
	restrictionRes = []*lazyre.Regexp{
		lazyre.New(`\b[Cc]an(?:'t|not| not) (I|we|my \p{Ll}+|\p{Lu}\p{Ll}+) (?:eat|drink)\b`),
		lazyre.New(`\b(I|we|my \p{Ll}+|\p{Lu}\p{Ll}+) (?:can't|cannot|can not|shouldn't|should not|mustn't|must not|am not allowed to) (?:eat|drink)\b`),
		lazyre.New(`\b(I|we|my \p{Ll}+|\p{Lu}\p{Ll}+) (?:have to|need to|must|should|am supposed to) (?:avoid|stay away from|cut out)\b`),
		lazyre.New(`\b(?:am|is|are) (I|we|my \p{Ll}+|\p{Lu}\p{Ll}+) allergic\b`),
		lazyre.New(`\b(?:[Dd]o|[Dd]oes) (I|we|my \p{Ll}+|\p{Lu}\p{Ll}+) (?:eat|drink) (?:meat|fish|dairy|gluten|pork|beef|alcohol|eggs)\b`),
		lazyre.New(`\b(my|our|\p{Lu}\p{Ll}+'s) (?:food |dietary )?(?:allergies|restrictions|intolerances)\b`),
	}
)

// restrictionPreds are the predicates whose slot is a food restriction
// whatever their value; negatedFoodPreds are those that are one when
// their value is negated ("User doesn't drink alcohol": drink "not
// alcohol"; "User can't stand coriander": likes "not coriander").
var (
	restrictionPreds = text.WordSet(`allergic_to diet intolerant_to avoid avoids`)
	negatedFoodPreds = text.WordSet(`likes like eat eats drink drinks`)
	// restrictionRe finds a restriction a slot does not read: "User is
	// lactose intolerant", "…has coeliac disease and must avoid gluten",
	// "…on a low-sodium diet".
	restrictionRe = lazyre.New(`(?i)\b(?:allerg\w*|intoleran\w*|coeliac|celiac|avoids?|diet)\b`)
)

// verbAskedSlot is the slot query asks by what the holder does towards
// it (reportToRe, restrictionRes), or nil. It is read before a category
// word after "my": "who does my wife report to" asks her manager, not
// her.
func verbAskedSlot(query string) *askedSlot {
	if m := reportToRe.FindStringSubmatch(query); m != nil {
		return &askedSlot{holder: askedHolder(m[1]), word: "manager", roles: managerRoles}
	}
	if m := commuteRe.FindStringSubmatch(query); m != nil {
		return &askedSlot{holder: askedHolder(m[1]), preds: []string{"commute"}, word: "commute"}
	}
	if m := relationshipRe.FindStringSubmatch(query); m != nil {
		return &askedSlot{holder: askedHolder(m[1]), preds: partnerSlots, word: "partner"}
	}
	for _, re := range restrictionRes {
		if m := re.FindStringSubmatch(query); m != nil {
			return &askedSlot{holder: askedHolder(m[1]), word: "food", restriction: true}
		}
	}
	return nil
}

// categoryAskedSlot is the slot query asks by its category before the
// verb (categoryVerbRe), or nil.
func categoryAskedSlot(query string) *askedSlot {
	if m := categoryVerbRe.FindStringSubmatch(query); m != nil {
		verbs := categoryVerbs[m[1]]
		preds, ok := verbs[m[3]]
		if !ok {
			preds, ok = verbs[strings.TrimSuffix(m[3], "s")] // "which city does she live in"
		}
		if ok {
			return &askedSlot{holder: askedHolder(m[2]), preds: preds, word: m[1]}
		}
	}
	return nil
}

// askedHolder is the slot subject a question's holder phrase names: the
// user for the first person ("I", "I'm", "we"), the user's relation for
// "my sister", else the name.
func askedHolder(who string) string {
	who = strings.TrimSuffix(strings.TrimSuffix(who, "'m"), "'re")
	if rest, ok := strings.CutPrefix(strings.ToLower(who), "my "); ok {
		return "user's " + rest
	}
	if rest, ok := strings.CutPrefix(strings.ToLower(who), "our "); ok {
		return "user's " + rest
	}
	if who == "my" || who == "our" {
		return "user"
	}
	return holderKey(who)
}

// managerRoles are the words a memory names the one the holder reports
// to by ("User's line manager is…", "User's boss…").
var managerRoles = []string{"manag", "boss", "supervisor"}

// fillsRole reports whether subject is one of roles to holder: "user's
// line manager" and "user's manager helena" for the user's manager.
func fillsRole(subject, holder string, roles []string) bool {
	rest, ok := strings.CutPrefix(subject, holder+"'s ")
	if !ok || strings.Contains(rest, "'s ") {
		return false // another's manager: "user's sister's manager"
	}
	return slices.ContainsFunc(text.Analyze(rest), func(s string) bool { return slices.Contains(roles, s) })
}

// fillsRestriction reports whether a memory's slot s (nil when it has
// none) or its text t states a food restriction of holder's.
func fillsRestriction(s *extract.Slot, t, holder string) slotFill {
	if s == nil {
		if restrictionRe.MatchString(t) && selfStatement(t, holder) {
			return slotMet
		}
		return slotNone
	}
	restricts := restrictionPreds[s.Predicate] ||
		negatedFoodPreds[s.Predicate] && negatedThing(s.Value) ||
		restrictionRe.MatchString(t)
	switch {
	case !restricts:
		return slotNone
	case heldBy(s.Subject, holder):
		return slotMet
	}
	return slotOthers
}

// negatedThing reports whether a slot's value is a thing negated ("not
// coriander"), not an activity ("not cycling in the rain", a dislike of
// no food).
func negatedThing(value string) bool {
	rest, ok := strings.CutPrefix(value, "not ")
	first, _, _ := strings.Cut(rest, " ")
	return ok && first != "" && !strings.HasSuffix(first, "ing")
}

// selfStatement reports whether t, a memory with no slot, speaks of the
// user's own person when holder is the user: it opens with "User" or
// "I" and not with "User's" (someone of the user's).
func selfStatement(t, holder string) bool {
	if holder != "user" {
		return false
	}
	f := strings.Fields(t)
	return len(f) > 0 && (f[0] == "User" || f[0] == "I")
}

// rentsHome reports whether a rent slot's value is a home ("two-bedroom
// flat"): where one rents a home is where one lives; renting a car says
// nothing of it.
func rentsHome(value string) bool {
	f := strings.Fields(value)
	return len(f) > 0 && homeNouns[f[len(f)-1]]
}

var homeNouns = text.WordSet(`flat apartment house room studio home condo place cottage bungalow`)

// slotDepth is how far down the ranking bringSlotFillers reads for a
// slot's fillers; maxBroughtFillers how many it brings.
const (
	slotDepth         = 30
	maxBroughtFillers = 3
)

// bringSlotFillers adds to hits, for a question that asks a slot
// (askedSlotOf), the memories below them that fill it for the asked
// holder: the question shares no word with them ("which city am I based
// in", "User rents a flat in Porto"), so they rank low, and
// weighAskedSlot, which reads only the hits, never saw them. It reads
// the ranking to slotDepth and, for a prompt about the user's own life,
// the store's slotDepth memories nearest it in meaning (the ranking
// holds only what some view matched: "what kind of vehicle do I own"
// matched nothing of "User drives a 2016 estate…"). It moves nothing
// itself: weighAskedSlot puts them ahead.
func (e *Searcher) bringSlotFillers(ctx context.Context, rd *reads, shard *index.Shard, q *engine.Query, ranked []recall.Ranked, hits []engine.Scored) ([]engine.Scored, error) {
	a := askedSlotOf(q.Text)
	if a == nil {
		return hits, nil
	}
	a.same = e.sameWords()
	more, err := e.scored(ctx, rd, slotCandidates(e, shard, q, ranked, hits))
	if err != nil {
		return nil, err
	}
	members := e.kindMembers(a.word)
	brought := 0
	for _, h := range more {
		texts, err := slotTexts(ctx, rd, &h)
		if err != nil {
			return nil, err
		}
		if slotAnswer(a, members, texts...) == slotMet {
			e.setScore(&h, 0)
			hits = append(hits, h)
			if brought++; brought == maxBroughtFillers {
				break
			}
		}
	}
	return hits, nil
}

// slotCandidates are the memories bringSlotFillers reads: the ranking's
// first slotDepth and the store's slotDepth nearest the prompt in
// meaning, without the hits.
func slotCandidates(e *Searcher, shard *index.Shard, q *engine.Query, ranked []recall.Ranked, hits []engine.Scored) []recall.Ranked {
	seen := map[string]bool{}
	for _, h := range hits {
		seen[h.ID] = true
	}
	var out []recall.Ranked
	add := func(id string) {
		if !seen[id] {
			seen[id] = true
			out = append(out, recall.Ranked{ID: id})
		}
	}
	for _, r := range ranked[:min(slotDepth, len(ranked))] {
		add(r.ID)
	}
	if m, ok := e.meaningsFor(q); ok {
		for _, h := range nearestInMeaning(m, shard, q.Text, slotDepth, keepsFor(q)) {
			add(h.ID)
		}
	}
	return out
}

// sameHolder reports whether subject names a's holder by another word of
// the same meaning: "user's girlfriend marta" for "my fiancée" ("user's
// fiancée"), both the user's partner.
func (a *askedSlot) sameHolder(subject string) bool {
	owner, rel, ok := strings.Cut(a.holder, "'s ")
	if !ok || a.same == nil || strings.Contains(rel, " ") {
		return false
	}
	rest, ok := strings.CutPrefix(subject, owner+"'s ")
	if !ok || strings.Contains(rest, "'s ") {
		return false
	}
	stored, _, _ := strings.Cut(rest, " ")
	asked, held := stemOf(rel), stemOf(stored)
	if asked == "" || held == "" {
		return false
	}
	mean := func(s string) []string { return append([]string{s}, sameMeaning(a.same, s)...) }
	return slices.ContainsFunc(mean(asked), func(w string) bool { return slices.Contains(mean(held), w) })
}

// asUsersSlot is s with a note's first person as the user, as a question
// names the user ("I live in Rotterdam…": subject "i", asked as "user";
// "we" the user and theirs), or s itself; nil for nil.
func asUsersSlot(s *extract.Slot) *extract.Slot {
	if s == nil {
		return nil
	}
	c := *s
	owner, rest, _ := strings.Cut(s.Subject, " ")
	switch {
	case rest == "" && firstPerson[owner]:
		c.Subject = "user"
	case rest != "" && (owner == "my" || owner == "our"):
		c.Subject = "user's " + rest // "my car", "our dog"
	default:
		return s
	}
	return &c
}
