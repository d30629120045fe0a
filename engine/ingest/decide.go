// Package ingest holds the pure decisions of the write path: for one new
// fact and the stored memories closest to it, whether to ADD it, UPDATE one,
// SUPERSEDE some, or do NONE (Decide). The engine's pipeline
// (engine/service/write/pipeline.go) gathers the candidates, may ask a model first
// (engine/service/write/llmdecide.go) and applies the decision; nothing here does I/O.
package ingest

import (
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/memsvc/memsvc/engine/extract"
	"github.com/memsvc/memsvc/text"
)

// The events of a decision; the engine reports them as written.
const (
	Add       = "ADD"
	Update    = "UPDATE"
	Supersede = "SUPERSEDE"
	None      = "NONE"
)

// Candidate is a stored memory a new fact is compared with.
type Candidate struct {
	ID         string
	Text       string
	Similarity float64 // cosine of the embeddings, 0 when unknown
}

// Decision is what to do with one new fact.
type Decision struct {
	Event  string   // ADD, UPDATE, SUPERSEDE or NONE
	Target string   // the memory updated or already holding the fact (UPDATE, NONE)
	Closes []string // memories the fact supersedes (SUPERSEDE)
}

// Thresholds of the built-in decision; documented in README ("Extraction").
const (
	// dupTermOverlap: a fact whose terms are (nearly) all in a stored memory
	// and vice versa says nothing new.
	dupTermOverlap = 0.85
	// updateCoverage: a fact that contains nearly all of a stored memory's
	// terms and adds more is the same fact with more detail.
	updateCoverage = 0.9
	// minSimilarity guards term-based decisions against short texts that
	// share words but not meaning.
	minSimilarity = 0.5
)

// Decide chooses ADD, UPDATE, SUPERSEDE or NONE for a new fact against the
// stored memories most similar to it. A slot contradiction (same subject and
// predicate, different value) supersedes; near-identical text is a
// duplicate; a superset of a stored fact updates it. Pure and deterministic.
func Decide(fact string, slot *extract.Slot, cands []Candidate) Decision {
	return NewReadings().Decide(fact, slot, cands)
}

// Decide is Decide with the texts' readings remembered in r for the next
// decisions of the request.
func (r *Readings) Decide(fact string, slot *extract.Slot, cands []Candidate) Decision {
	return r.decide(fact, slot, cands, saysNow(fact))
}

// DecideUpdate is Decide for a fact given as a correction or an update
// ("Correction: the API listens on port 8081"): like a fact said with "now",
// it replaces the value it differs from.
func DecideUpdate(fact string, slot *extract.Slot, cands []Candidate) Decision {
	return NewReadings().DecideUpdate(fact, slot, cands)
}

// DecideUpdate is DecideUpdate with the texts' readings remembered in r.
func (r *Readings) DecideUpdate(fact string, slot *extract.Slot, cands []Candidate) Decision {
	return r.decide(fact, slot, cands, true)
}

// decide is Decide with now saying whether the fact marks itself current.
// Each candidate is judged in turn (newFact.against): the first that holds
// the fact decides, and the ones the fact ends are superseded together.
func (r *Readings) decide(fact string, slot *extract.Slot, cands []Candidate, now bool) Decision {
	f := r.readFact(fact, slot, cands, now)
	var closes []string
	for _, c := range cands {
		switch v, d := f.against(c, len(closes) > 0); v {
		case decided:
			return d
		case ends:
			closes = append(closes, c.ID)
		}
	}
	if len(closes) > 0 {
		return Decision{Event: Supersede, Closes: r.restatedCopies(closes, cands)}
	}
	return Decision{Event: Add}
}

// newFact is what decide reads of the new fact once, for every candidate.
type newFact struct {
	reads         *Readings // the candidates' readings, shared by the request's facts
	text, normal  string
	terms         map[string]bool
	slot, own     *extract.Slot // the slot decided on, and the fact's own (a preference takes back through it)
	subject       string
	amounts       []string
	leadAmounts   []string              // the amounts of the fact's first clause, when a comma ends it: nil without one
	namesRejected func(old string) bool // "…, not make test": nil unless the fact names what it replaces
	now           bool                  // the fact marks itself current
	instead       bool                  // "… instead"
	usedTo        bool                  // "used to …"
	beside        bool                  // "also …": a second value beside the first
	bareVersion   bool                  // says a version without its tool ("on 1.29 now")
	bareRelease   bool                  // names a release by its word alone ("on trusty now")
}

func (r *Readings) readFact(fact string, slot *extract.Slot, cands []Candidate, now bool) *newFact {
	f := &newFact{reads: r, text: fact, normal: r.normal(fact), terms: withoutFiller(r.terms(fact)), now: now,
		amounts: quantityWords(fact), instead: saysInstead(fact), usedTo: saysUsedTo(fact), beside: saysBeside(fact),
		bareVersion: saysBareVersion(fact), bareRelease: saysBareRelease(fact), leadAmounts: leadClauseAmounts(fact)}
	// Only a preference can take back an old one (extract.TakesBack), which reads the new
	// fact's own slot, whatever slot the caller gives: read it once here, not once per
	// candidate, and serve it as the slot when the caller gives none.
	f.own = r.Slot(fact)
	if slot == nil {
		slot = f.own
	}
	if slot != nil && slot.Subject == extract.PortPronoun {
		slot = portOwner(*slot, cands, r)
	}
	f.slot, f.subject = slot, subjectOf(slot)
	if rejected := rejectedValue(fact); now && rejected != "" {
		f.namesRejected = rejectedBy(rejected, f.terms)
	}
	return f
}

// verdict is what one candidate says about the new fact.
type verdict int

const (
	unrelated verdict = iota // nothing: the next candidate is judged
	ends                     // the fact supersedes it
	decided                  // it decides the fact (a duplicate, an update…)
)

// against judges candidate c; closing says an earlier candidate is already
// ended, so the fact is a change, not a repeat or an update of c.
func (f *newFact) against(c Candidate, closing bool) (verdict, Decision) {
	if f.reads.normal(c.Text) == f.normal || sameOwnedThing(c.Text, f.text) {
		return decided, Decision{Event: None, Target: c.ID} // said again, or the same named thing owned ("has a Pixel 7", "phone is a Pixel 7")
	}
	if extract.HealedInjury(c.Text, f.text) {
		return ends, Decision{} // "User's wrist has fully healed" ends "User has a broken wrist": neither has the other's slot
	}
	if givesUpPlan(c.Text, f.text, f.reads.terms(c.Text), f.reads.negated(f.text)) {
		return ends, Decision{} // "User is staying in Leeds after all" ends "User is relocating to York in January" (plangone.go)
	}
	var oldSlot *extract.Slot
	if f.slot != nil || f.bareVersion || f.bareRelease { // a fact without a slot needs none of the candidates': the rules are costly
		oldSlot = f.reads.Slot(c.Text)
	}
	if oldSlot != nil && f.bareVersion && bareVersionBump(c.Text, *oldSlot, f.text, f.now) {
		return ends, Decision{} // "the cluster is on 1.29 now" ends "User's cluster is on Kubernetes 1.26"
	}
	if oldSlot != nil && f.bareRelease && bareReleaseBump(c.Text, *oldSlot, f.text, f.now) {
		return ends, Decision{} // "the box is on trusty now" ends "User's box runs Ubuntu Precise"
	}
	if f.slot == nil {
		oldSlot = nil // read for the bare version only: the slot rules need the fact's slot too
	}
	if v, d, ok := f.bySlot(c, oldSlot, closing); ok {
		return v, d
	}
	if f.reads.restated(c.Text, f.text, withoutFiller(f.reads.terms(c.Text)), f.terms) {
		return decided, Decision{Event: None, Target: c.ID} // said again in other words (restate.go)
	}
	return f.byWords(c, oldSlot, closing)
}

// bySlot judges c by what the fact's and c's slots and wording say of a
// change; ok is false when they say nothing.
func (f *newFact) bySlot(c Candidate, oldSlot *extract.Slot, closing bool) (v verdict, d Decision, ok bool) {
	slot, slots := f.slot, f.reads.Slots() // the rules below read both texts' slots: once per request
	switch {
	case oldSlot != nil && oldSlot.Predicate == extract.PredicateVersion && extract.OtherHolder(c.Text, f.text):
		return unrelated, d, true // "The API repo uses Node 20" and "The marketing site uses Node 16": two users of one tool
	case oldSlot != nil && slot != nil && (oldSlot.Predicate == extract.PredicateVersion || slot.Predicate == extract.PredicateVersion) &&
		extract.OtherPersonsVersion(c.Text, f.text):
		return unrelated, d, true // "User's mom upgraded to a Pixel 8" leaves the user's Pixel 7
	case oldSlot != nil && slot != nil && amountsOfTwoThings(c.Text, f.text, *oldSlot, *slot):
		return unrelated, d, true // "saves 200 euros a month for retirement", "saves 100 euros a month for holidays"
	case oldSlot != nil && ((extract.Contradicts(*oldSlot, *slot) || f.now && extract.MovedOn(*oldSlot, *slot)) && !f.beside || f.takesBack(c.Text) ||
		slot.Replaces != "" && extract.ReplacedMeans(c.Text, *slot)) || slot != nil && (extract.SwitchedFrom(c.Text, *slot) || extract.OutgrownPartner(c.Text, *slot)) ||
		oldSlot != nil && slot != nil && extract.UpgradedPossession(*oldSlot, c.Text, f.text, *slot):
		return ends, d, true
	case oldSlot != nil && slot != nil && takesUpWhatNoneWas(*oldSlot, *slot, f.text):
		return ends, d, true // "User started taking metformin" ends "User does not take any medication"
	case oldSlot == nil && slot != nil && extract.RetitledByName(c.Text, *slot) && (f.now || saysNow(f.text)):
		return ends, d, true // "Marta is the CEO now" ends "Marta is User's CTO"
	case oldSlot != nil && slot != nil && extract.LeftJob(*oldSlot, *slot):
		return ends, d, true // "User quit the fintech job" ends "User works remotely for a fintech startup"
	case oldSlot == nil && slot != nil && extract.GaveUpDoing(c.Text, *slot):
		return ends, d, true // "User no longer smokes" ends "User is a smoker"
	case movedSchedule(c.Text, f.text):
		return ends, d, true // "User moved User's run to 6am" ends "User goes for a run at 7am every day"
	case f.usedTo && endsHabit(c.Text, f.terms):
		return ends, d, true // "User used to like running" ends "User likes running"
	case oldSlot != nil && extract.SameState(*oldSlot, *slot) && !closing:
		return decided, sameState(c, f.reads.terms(c.Text), f.terms), true
	case f.now && (slots.NewMeans(c.Text, f.text) || slots.NewForPurpose(c.Text, f.text) || slots.NewSchedule(c.Text, f.text) ||
		slot != nil && extract.NowUses(c.Text, *slot)):
		// "runs the tests with make test" → "… with go test now"; "uses Jest for tests" → "uses
		// Vitest for tests now"; "uses Postgres" → "we're using MySQL now"
		return ends, d, true
	case f.namesRejected != nil && f.namesRejected(c.Text):
		return ends, d, true // "… with go test now, not make test" ends "Run tests with make test"
	case f.instead && swapsOneName(c.Text, f.text):
		return ends, d, true // "going to Sicily in June instead" ends "going to Crete in June"
	}
	return unrelated, d, false
}

// takesBack says the fact is a preference that takes back old.
func (f *newFact) takesBack(old string) bool {
	return f.own != nil && f.own.Predicate == "prefers" && extract.TakesBack(old, f.text)
}

// byWords judges c by the amounts and words the two share.
func (f *newFact) byWords(c Candidate, oldSlot *extract.Slot, closing bool) (verdict, Decision) {
	slot, fact := f.slot, f.text
	oldAmounts := f.reads.amounts(c.Text)
	if slices.Equal(oldAmounts, f.amounts) {
		return decided, Decision{Event: None, Target: c.ID} // "has 2 kids" and "has two children": one count, said twice
	}
	if countSaidAgain(oldAmounts, f.amounts) && !closing {
		return decided, Decision{Event: Update, Target: c.ID} // "has two kids" → "has 2 children, both in school"
	}
	negated := f.reads.negated(fact) != f.reads.negated(c.Text) // negationDiffers, read once per text
	oldTerms := withoutFiller(f.reads.terms(c.Text))
	if !negated && misspelt(oldTerms, f.terms, c.Text, fact) {
		// "is allergic to peanuts", "is alergic to peanuts": a typo changes the embedding
		// more than the meaning, so this is read before the similarity gate.
		return decided, Decision{Event: None, Target: c.ID}
	}
	if c.Similarity < minSimilarity && c.Similarity != 0 {
		return unrelated, Decision{}
	}
	if oldSlot != nil && slot != nil && !negated && (forPurpose(c.Text, *oldSlot, *slot) || forPurpose(fact, *slot, *oldSlot)) {
		return decided, Decision{Event: None, Target: c.ID} // "uses Postgres for the main database": "the main database is Postgres"
	}
	if oldSlot != nil && f.subject != "" && extract.SubjectKey(oldSlot.Subject) != f.subject && !namesHad(oldSlot, slot) {
		return unrelated, Decision{} // "User's wife likes tea" says nothing about what the user likes
	}
	if !negated && (amountChanged(oldAmounts, f.amounts) || f.leadAmounts != nil && amountChanged(oldAmounts, f.leadAmounts) ||
		f.now && countWithoutQualifier(oldAmounts, f.amounts)) {
		return ends, Decision{} // "has 6 engineers" → "has 9 engineers now"; "has 3 dogs now, adopted another"
	}
	fwd, back := coverage(oldTerms, f.terms), coverage(f.terms, oldTerms)
	if negated {
		if fwd >= dupTermOverlap && back >= dupTermOverlap {
			return ends, Decision{} // "likes X" → "does not like X"
		}
		return unrelated, Decision{}
	}
	if fwd >= updateCoverage && endsState(c.Text, slot) {
		return ends, Decision{} // "User stopped taking sertraline in January" ends "User is on sertraline"
	}
	switch {
	case fwd >= dupTermOverlap && back >= dupTermOverlap:
		return decided, Decision{Event: None, Target: c.ID}
	case back >= 1 && fwd < 1:
		return decided, Decision{Event: None, Target: c.ID} // the stored fact already says more
	case fwd >= updateCoverage && len(f.terms) > len(oldTerms) && !closing && restates(c.Text, oldSlot, slot):
		return decided, Decision{Event: Update, Target: c.ID}
	}
	return unrelated, Decision{}
}

// portOwner resolves the "it" of a port slot ("User now runs it … on port 8090") to
// the one component the candidates hold a port of.
func portOwner(slot extract.Slot, cands []Candidate, reads *Readings) *extract.Slot {
	var olds []extract.Slot
	for _, c := range cands {
		if s := reads.Slot(c.Text); s != nil {
			olds = append(olds, *s)
		}
	}
	resolved := extract.ResolvePortOwner(slot, olds)
	return &resolved
}

// misspelt reports two facts whose terms are the same but for one or two pairs a typo
// apart ("allerg", "alerg"; chat misspells two words as easily as one: "alergic to
// penicilin"): one edit (a letter added, dropped, changed or two swapped) in words of
// five letters or more, neither with a digit nor written with a capital in its fact. A
// capital marks a name, and names one letter apart are other people (Maria, Marie). Two
// pairs need a third term the facts share, so that something besides typos joins them.
func misspelt(oldTerms, newTerms map[string]bool, oldText, newText string) bool {
	if len(oldTerms) != len(newTerms) || len(oldTerms) < 2 {
		return false
	}
	a, b := onlyIn(oldTerms, newTerms), onlyIn(newTerms, oldTerms)
	if len(a) == 0 || len(a) != len(b) || len(a) > 2 || len(a) == 2 && len(oldTerms) < 3 {
		return false
	}
	used := map[string]bool{}
	for _, x := range a {
		match := ""
		for _, y := range b {
			if !used[y] && typoPair(x, y, oldText, newText) {
				match = y
				break
			}
		}
		if match == "" {
			return false
		}
		used[match] = true
	}
	return true
}

// typoPair reports an old term and a new one a typo apart (see misspelt).
func typoPair(a, b, oldText, newText string) bool {
	if min(len(a), len(b)) < 5 || strings.ContainsAny(a+b, "0123456789") {
		return false
	}
	return oneEdit(a, b) && !capitalisedTerm(oldText, a) && !capitalisedTerm(newText, b)
}

// onlyIn lists, sorted, the terms of a that b lacks.
func onlyIn(a, b map[string]bool) []string {
	var out []string
	for t := range a {
		if !b[t] {
			out = append(out, t)
		}
	}
	slices.Sort(out)
	return out
}

// oneEdit reports two different words one insertion, deletion, substitution or
// transposition of neighbours apart.
func oneEdit(a, b string) bool {
	if len(a) > len(b) {
		a, b = b, a
	}
	switch {
	case a == b || len(b)-len(a) > 1:
		return false
	case len(a) == len(b):
		i := 0
		for i < len(a) && a[i] == b[i] {
			i++
		}
		return a[i+1:] == b[i+1:] || i+1 < len(a) && a[i] == b[i+1] && a[i+1] == b[i] && a[i+2:] == b[i+2:]
	}
	i := 0
	for i < len(a) && a[i] == b[i] {
		i++
	}
	return a[i:] == b[i+1:]
}

// capitalisedTerm reports whether the word of fact that analyses to term is written
// with a capital somewhere other than at the start of the fact.
func capitalisedTerm(fact, term string) bool {
	for i, w := range strings.Fields(fact) {
		if i == 0 {
			continue
		}
		if t := text.Analyze(w); len(t) == 1 && t[0] == term && w != strings.ToLower(w) {
			return true
		}
	}
	return false
}

// rejectedRe finds the value a statement says is no longer so: "… now, not make test".
var rejectedRe = regexp.MustCompile(`(?i),\s*not\s+((?:\S+\s+){0,3}?\S+?)[.!]?$`)

// rejectedValue is the value a fact rejects at its end ("not make test"), or "".
func rejectedValue(fact string) string {
	m := rejectedRe.FindStringSubmatch(strings.TrimSpace(fact))
	if m == nil {
		return ""
	}
	return m[1]
}

// rejectedBy returns whether a stored, positive fact states the rejected value and
// shares another term with the fact that rejects it (whose terms are newTerms), so
// that it tells of the same thing: "Run tests with make test" against "… runs the
// tests with go test now, not make test". A fact that only names the value elsewhere
// ("User's sister uses make") shares nothing else. The value is read once for all
// the candidates it is checked against.
func rejectedBy(rejected string, newTerms map[string]bool) func(old string) bool {
	value := regexp.MustCompile(`(?i)(^|\W)` + regexp.QuoteMeta(rejected) + `($|\W)`)
	valueTerms := termSet(rejected)
	return func(old string) bool {
		if isNegated(old) || !value.MatchString(old) {
			return false
		}
		for t := range termSet(old) {
			if !valueTerms[t] && newTerms[t] && t != "user" {
				return true
			}
		}
		return false
	}
}

// sameState decides a fact that restates candidate c's single-valued slot with
// the same value: an UPDATE when it says all c says and more, else NONE.
// oldTerms are c's terms.
func sameState(c Candidate, oldTerms, newTerms map[string]bool) Decision {
	if coverage(oldTerms, newTerms) >= 1 && len(newTerms) > len(oldTerms) {
		return Decision{Event: Update, Target: c.ID}
	}
	return Decision{Event: None, Target: c.ID}
}

// restates reports whether a new fact with slot still says what the stored
// text says, so that it may replace that text (UPDATE): a stored fact that
// fills a slot is restated only by one that fills it too, with a value that
// holds the stored one. "User worked at IBM before Google" has every word of
// "User works at Google" and says something else. oldSlot is the stored
// text's slot as Decide read it, which it does only for a fact with a slot.
func restates(oldText string, oldSlot, slot *extract.Slot) bool {
	if slot == nil {
		return extract.SlotOf(oldText) == nil
	}
	if oldSlot == nil {
		return true
	}
	if namesHad(oldSlot, slot) {
		return true
	}
	o, n := *oldSlot, *slot
	ov, nv := strings.ToLower(o.Value), strings.ToLower(n.Value)
	samePredicate := strings.EqualFold(o.Predicate, n.Predicate) || linking[o.Predicate] && linking[n.Predicate] && ov == nv
	if extract.SubjectKey(o.Subject) != extract.SubjectKey(n.Subject) || !samePredicate {
		return false
	}
	return strings.Contains(" "+nv+" ", " "+ov+" ") // "tea" in "green tea from japan"
}

// linking are the predicates of verbs that only link a thing to its measure: "User's
// commute is 45 minutes" and "User's commute takes 45 minutes each way" give it one
// value, so with the same value the second restates the first.
var linking = map[string]bool{"setting": true, "is": true, "take": true, "last": true, "cost": true}

// forPurpose reports a fact (text, with slot use) that says a thing is used for a
// purpose the other slot, is, names as its subject, with the same value: "User uses
// Postgres for the main database" and "The main database is Postgres" state one fact
// though their subjects differ.
func forPurpose(text string, use, is extract.Slot) bool {
	if use.Value == "" || !strings.EqualFold(use.Value, is.Value) || extract.SubjectKey(use.Subject) == extract.SubjectKey(is.Subject) {
		return false
	}
	purpose := strings.ToLower(is.Subject)
	if _, thing, ok := strings.Cut(purpose, "'s "); ok {
		purpose = thing // "User's main database": "for the main database"
	}
	_, after, ok := strings.Cut(strings.ToLower(text), " for ")
	if !ok {
		return false
	}
	words := strings.Fields(strings.Trim(after, " .!"))
	if len(words) > 0 && (articles[words[0]] || possessives[words[0]]) {
		words = words[1:]
	}
	return strings.Join(words, " ") == purpose
}

// articles and possessives may open a purpose: "for the main database", "for our CI".
var (
	articles    = map[string]bool{"a": true, "an": true, "the": true}
	possessives = map[string]bool{"user's": true, "our": true, "my": true, "their": true, "his": true, "her": true}
)

// namesHad reports a new slot that names the thing an old one says the subject has:
// "User has a daughter named Zoe" says all "User has a daughter" says, and more.
func namesHad(oldSlot, slot *extract.Slot) bool {
	if oldSlot == nil || slot == nil || slot.Predicate != extract.PredicateNamed || oldSlot.Predicate != "have" {
		return false
	}
	return extract.SubjectKey(slot.Subject) == extract.SubjectKey(oldSlot.Subject)+"'s "+strings.ToLower(oldSlot.Value)
}

// saysInstead reports a fact that says it replaces something ("… instead"), and
// not that it comes beside it ("also", "too", "as well").
func saysInstead(fact string) bool {
	instead := false
	for _, t := range text.Tokens(fact) {
		switch t {
		case "instead":
			instead = true
		case "also", "too":
			return false
		}
	}
	return instead && !strings.Contains(strings.ToLower(fact), "as well")
}

// takesUpWhatNoneWas reports a fact that starts holding a value ("User started taking
// metformin") where the stored fact said the subject held none of its kind ("User does
// not take any medication"): the same subject and verb, taken up. Only a start says
// so: "User eats eggs" beside "User does not eat any meat" ends nothing, since eggs
// are no meat. Nor does a start of a common thing, said with an article or as a
// plural ("started taking the bus", "started taking photos", "started eating eggs"):
// no word list tells what is of the kind, and a thing named ("metformin") is the
// start that fills it.
func takesUpWhatNoneWas(old, n extract.Slot, fact string) bool {
	if extract.SubjectKey(old.Subject) != extract.SubjectKey(n.Subject) || old.Predicate != n.Predicate {
		return false
	}
	m := takenUpRe.FindStringSubmatch(fact)
	return strings.HasPrefix(old.Value, "not any ") && !strings.HasPrefix(n.Value, "not ") && m != nil && !commonThing(m[1])
}

// takenUpRe finds a habit or state started: group 1 the first word of what was
// taken up, after the habit's verb.
var takenUpRe = regexp.MustCompile(`(?i)\b(?:started|began|begun|took up|has taken up)(?: [a-z]+ing)? (\S+)`)

// commonThing reports the first word of a thing taken up that makes it a common
// thing, not one named: an article or owner, or a plural ("photos", "eggs").
func commonThing(w string) bool {
	w = strings.ToLower(strings.Trim(w, ".,;:!?"))
	switch w {
	case "the", "a", "an", "some", "my", "his", "her", "their", "our", "more":
		return true
	}
	return len(w) > 3 && strings.HasSuffix(w, "s") && !strings.HasSuffix(w, "ss") && !strings.HasSuffix(w, "us") &&
		!strings.HasSuffix(w, "is") && !strings.HasSuffix(w, "'s")
}

// saysBeside reports a fact that says its value comes beside the one held
// before ("User also works at a bar on weekends"), not in its place: a second
// job, home or school does not end the first, even said "now" ("User now
// also works at a bar", "User also lives in Denver now"). A fact that also says it changed ("also moved",
// "instead") is a change all the same.
func saysBeside(fact string) bool {
	beside := false
	for _, t := range text.Tokens(fact) {
		switch t {
		case "also":
			beside = true
		case "instead", "moved", "switched", "changed", "left", "quit", "anymore", "longer":
			return false
		}
	}
	return beside
}

// swapsOneName reports an old fact that the new one, said with "instead", restates
// with one name swapped for another: "User is going to Crete in June 2025" against
// "User is going to Sicily in June 2025 instead". Everything else but a date must be the same,
// and the swapped words must be names (written with a capital), so "instead" can only
// be about them.
func swapsOneName(oldText, fact string) bool {
	// The date of a plan is no name swapped: "going to Sicily instead" ends "going to
	// Crete in July 2025" and keeps it silent, so neither side's date is compared.
	oldTerms, newTerms := termSet(extract.WithoutWrittenDates(oldText)), termSet(extract.WithoutWrittenDates(fact))
	if len(oldTerms) < 3 || negationDiffers(oldText, fact) {
		return false
	}
	gone, added := onlyIn(oldTerms, newTerms), onlyIn(newTerms, oldTerms)
	added = slices.DeleteFunc(added, func(t string) bool { return t == "instead" })
	return len(gone) == 1 && len(added) == 1 && capitalisedTerm(oldText, gone[0]) && capitalisedTerm(fact, added[0])
}

// saysUsedTo reports a fact told as a past habit or state: "User used to
// like running" says it holds no longer.
func saysUsedTo(fact string) bool {
	toks := text.Tokens(fact)
	for i := 0; i+2 < len(toks); i++ {
		if toks[i] == "used" && toks[i+1] == "to" {
			return true
		}
	}
	return false
}

// endsHabit reports a stored, positive fact that a "used to" fact (whose
// terms are newTerms) says again in the present: the same terms but "used".
// "User used to live in Leeds" ends "User lives in Leeds"; it says nothing
// of "User's sister lives in Leeds", which has a term more.
func endsHabit(old string, newTerms map[string]bool) bool {
	if isNegated(old) || saysUsedTo(old) {
		return false
	}
	oldTerms := withoutWhen(termSet(old), newTerms)
	used := termSet("used")
	if len(oldTerms) < 2 || len(oldTerms)+len(used) != len(newTerms) {
		return false
	}
	for t := range used {
		if oldTerms[t] || !newTerms[t] {
			return false
		}
	}
	return coverage(oldTerms, newTerms) == 1
}

// whenTerms say how often or when a habit is done (analysed forms): "User used to
// drink coffee" ends "User drinks coffee every morning" though it says no morning.
var whenTerms = map[string]bool{"everi": true, "each": true, "morn": true, "even": true, "night": true,
	"day": true, "daili": true, "week": true, "weekli": true, "weekend": true, "twice": true, "onc": true}

// withoutWhen returns terms without the whenTerms that newTerms lacks.
func withoutWhen(terms, newTerms map[string]bool) map[string]bool {
	out := make(map[string]bool, len(terms))
	for t := range terms {
		if !whenTerms[t] || newTerms[t] {
			out[t] = true
		}
	}
	return out
}

// endsState reports a fact whose slot says its value no longer holds ("User stopped
// taking sertraline": take, not sertraline) against a stored positive fact it says all
// of: that stored fact is over, not restated with more detail. The caller has checked
// that the stored fact's terms are (nearly) all in the new one.
func endsState(old string, slot *extract.Slot) bool {
	return slot != nil && strings.HasPrefix(slot.Value, "not ") && !isNegated(old) && !saysUsedTo(old)
}

// subjectOf is the subject a fact is about, from its slot, or "" without
// one. Term overlap alone cannot tell "User likes tea" from "User's wife
// likes tea".
func subjectOf(slot *extract.Slot) string {
	if slot == nil {
		return ""
	}
	return extract.SubjectKey(slot.Subject)
}

// saysNow reports a fact that marks itself as the current state, replacing an
// earlier one ("… now", "these days", "lately", "for the past two months", "instead").
func saysNow(fact string) bool {
	for _, t := range text.Tokens(fact) {
		switch t {
		case "now", "nowadays", "instead", "lately":
			return true
		}
	}
	return strings.Contains(strings.ToLower(fact), "these days") || pastStretchRe.MatchString(fact)
}

// pastStretchRe finds a state said to hold over the stretch of time up to now.
var pastStretchRe = regexp.MustCompile(`(?i)\b(?:for|over|in) the (?:past|last) `)

// coverage is the share of a's terms that b also has.
func coverage(a, b map[string]bool) float64 {
	if len(a) == 0 {
		return 0
	}
	n := 0
	for t := range a {
		if b[t] {
			n++
		}
	}
	return float64(n) / float64(len(a))
}

// termSet is a fact's analysed terms without negations, number words as
// digits and counted things by one name: "two kids", "2 kids" and "2
// children" say the same.
// everyPeriodRe finds a period said with "every" or "each", which an adverb says
// as well: "every day" is "daily", "each week" "weekly".
var everyPeriodRe = regexp.MustCompile(`(?i)\b(?:every|each) (day|night|week|month|year)\b`)

// periodAdverb is the adverb of a period everyPeriodRe found.
func periodAdverb(m string) string {
	switch period := strings.ToLower(m[strings.IndexByte(m, ' ')+1:]); period {
	case "day":
		return "daily"
	default:
		return period + "ly"
	}
}

func termSet(s string) map[string]bool {
	out := map[string]bool{}
	// A written day is one term: "2025-03-03" and "2025-03-04" differ, which the
	// parts "2025", "03", "04" taken as a set would not say.
	s = isoDateRe.ReplaceAllStringFunc(s, func(d string) string { return "day" + strings.ReplaceAll(d, "-", "") })
	s = everyPeriodRe.ReplaceAllStringFunc(s, periodAdverb) // "every day" and "daily" are one term
	for _, t := range text.Analyze(s) {
		if n, ok := numberWords[t]; ok {
			t = strconv.Itoa(n)
		}
		t = countNoun(t)
		if t != "not" && t != "never" && t != "no" && !aspectTerms[t] {
			out[t] = true
		}
	}
	return out
}

// aspectTerms say when a state began, not what it is: "User started running in
// January" and "User has been running since January" state one thing. They are
// analysed (stemmed) forms.
var aspectTerms = map[string]bool{"start": true, "began": true, "begin": true, "sinc": true}

func negationDiffers(a, b string) bool { return isNegated(a) != isNegated(b) }

func isNegated(s string) bool {
	for _, t := range text.Tokens(s) {
		switch t {
		case "not", "never", "no", "doesn", "don", "isn", "didn", "won", "cannot", "nt":
			return true
		}
	}
	return strings.Contains(strings.ToLower(s), "n't")
}

// normalizeFact folds case, punctuation and spacing for exact-duplicate checks.
func normalizeFact(s string) string {
	return strings.Join(text.Tokens(s), " ")
}
