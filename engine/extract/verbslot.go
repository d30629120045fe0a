package extract

import "strings"

// The generic slot: a fact that no specific rule reads ("User's build uses
// Gradle") is split into its subject and a verb, and the verb's object is
// the slot's value (verbSlot), unless the verb is too vague to hold one.

// genericSlot derives the slot of "subject verb rest" for the shortest
// subject that leaves something reading as a verb, or nil.
func genericSlot(t string) *Slot {
	// The subject is the shortest run of words before something that reads as a verb: "User's
	// build uses Gradle" is tried as "User's" + "build…" first, then "User's build" + "uses…".
	for _, re := range genericRes {
		m := re.FindStringSubmatch(t)
		if m == nil {
			continue
		}
		if determinerOnly(m[1]) {
			continue // "The notifications service sits…": "notifications" is no verb
		}
		if hasCopula(m[1]) {
			continue // "User is using postgres for the db": "user is using" is no subject
		}
		aux, verb := strings.ToLower(m[2]), strings.ToLower(m[3])
		var lemma string
		switch aux {
		case "does not", "doesn't", "does", "cannot", "can":
			lemma = verb // the verb after an auxiliary is already its base form
		default:
			var ok bool
			lemma, ok = thirdPersonLemma(verb)
			switch {
			case ok && pluralNounBefore(m[4]) && !strings.EqualFold(m[1], "user"):
				continue // "Component" + "tests use…": "tests" is the subject's noun
			case !ok && pluralSubjectVerb(m[1], verb):
				lemma = verb // "Component tests" + "use Jest"
			case !ok:
				continue
			}
		}
		if moneyVerbs[lemma] && additionalRe.MatchString(t) {
			return nil // "User also earns $200 a week": a second income, not the one earned
		}
		return verbSlot(m[1], aux, lemma, m[4])
	}
	return nil
}

// pluralNounBefore reports an object that opens with a verb said of a plural subject
// (pluralVerbs): then the word read as the verb was the plural noun of the subject
// ("tests" in "Component tests use Jest").
func pluralNounBefore(rest string) bool {
	first, _, _ := strings.Cut(rest, " ")
	return pluralVerbs[strings.ToLower(first)]
}

// pluralSubjectVerb reports a verb of pluralVerbs after a subject that ends with a
// plural noun: "Component tests use", "The deploys run".
func pluralSubjectVerb(subject, verb string) bool {
	w := strings.Fields(strings.ToLower(subject))
	last := w[len(w)-1]
	return pluralVerbs[verb] && len(last) > 3 && strings.HasSuffix(last, "s") &&
		!strings.HasSuffix(last, "ss") && !strings.HasSuffix(last, "'s")
}

// hasCopula reports a run of words with a copula in it, which no subject has.
func hasCopula(s string) bool {
	for _, w := range strings.Fields(strings.ToLower(s)) {
		switch w {
		case "is", "are", "was", "were", "am":
			return true
		}
	}
	return false
}

// verbSlot builds the slot of "subject [aux] verb rest".
func verbSlot(subject, aux, lemma, rest string) *Slot {
	if noSlotVerbs[lemma] {
		return nil
	}
	if singleValued[lemma] {
		lemma += "s" // "User names branches…" is no name of User's, "User dates Ana" no date
	}
	if aux == "cannot" || aux == "can" {
		lemma = "can_" + lemma
	}
	neg := aux == "does not" || aux == "doesn't" || aux == "no longer" || aux == "never" || aux == "cannot"
	rest = withoutHedge(rest)
	prep, obj, _ := strings.Cut(rest, " ")
	if (rest == "" || (cutValue(rest, commonStop) == "" || cutValue(rest, verbStop) == "") && !verbPreps[strings.ToLower(prep)]) && plainSubject(subject) {
		// No object, only qualifiers ("again", "every day"): "User smokes again" and "User does not smoke" fill
		// one slot, the act itself, so the one contradicts the other.
		return buildSlot(subject, predicateDoes, lemma, neg, nil, nil)
	}
	v := cutValue(rest, verbStop)
	if obj != "" && (v == "" || strings.EqualFold(prep, "by")) && verbPreps[strings.ToLower(prep)] {
		// "User's CI runs on Jenkins": run_on jenkins; "User commutes by train": commute_by train.
		lemma += "_" + strings.ToLower(prep)
		v = cutValue(obj, verbStop)
	}
	if v == "" || len(strings.Fields(v)) > 5 || isParticiple(strings.Fields(v)[0]) {
		return nil // "has never been to Japan", "has lost 5 kg": a perfect tense, not possession
	}
	if moneyVerbs[lemma] {
		v = withSumPeriod(v, rest) // "earns $200 a week" is no sum of "earns $60,000 a year"
	}
	s := buildSlot(subject, lemma, v, neg, nil, nil)
	if s != nil && neg && lemma == "use" {
		s.Replaces = cutValue(v, nil) // "User no longer uses Jenkins" ends "User's CI runs on Jenkins"
	}
	return s
}

var verbPreps = set(`on in at with for to from by`)

// hedgeWords open an amount said loosely: "smokes about half a pack", "drinks like 4
// coffees". The amount is the value; the hedge is not part of it.
var hedgeWords = set(`about around roughly approximately like maybe probably almost nearly`)

// withoutHedge drops a hedge word that opens a verb's object.
func withoutHedge(rest string) string {
	first, after, ok := strings.Cut(rest, " ")
	if ok && hedgeWords[strings.ToLower(first)] {
		return after
	}
	return rest
}

// plainSubject reports a subject that can stand before a verb used without an object:
// "User", "Bob's dog", not "Use snake_case for database" ("columns" is no verb) nor
// "Never commit" (an instruction).
func plainSubject(s string) bool {
	w := strings.Fields(strings.ToLower(s))
	if len(w) == 0 || len(w) > 3 || imperativeHeads[w[0]] {
		return false
	}
	for _, x := range w {
		if prepositions[x] {
			return false
		}
	}
	return true
}

var imperativeHeads = set(`never always please don't do not use avoid prefer keep make run let stop`)

// predicateDoes is the slot of a verb used without an object: its value is the verb.
const predicateDoes = "does"

// determinerOnly reports a subject that is only a determiner ("The", "Every").
func determinerOnly(s string) bool {
	switch strings.ToLower(s) {
	case "the", "a", "an", "every", "each", "all", "no", "some", "this", "that":
		return true
	}
	return false
}

var participles = set(`been done gone seen taken eaten given known written driven grown flown thrown worn born
begun drunk swum sung spoken broken chosen forgotten frozen stolen woken ridden hidden bitten fallen shown never
ever already just always not also`)

func isParticiple(w string) bool {
	return participles[w] || irregularPast[w] || len(w) > 3 && strings.HasSuffix(w, "ed")
}

// noSlotVerbs are verbs whose objects are too vague to form a slot.
var noSlotVerbs = map[string]bool{
	"be": true, "do": true, "say": true, "think": true, "feel": true, "get": true, "want": true,
	"need": true, "plan": true, "hope": true, "try": true, "know": true, "seem": true, "mean": true,
	"guess": true, "believe": true, "wish": true, "tend": true, "start": true, "keep": true,
}

// thirdPersonLemma turns a present third-person verb into its base form; ok is false when
// the word does not look like one (past tense, nouns, "is").
func thirdPersonLemma(w string) (string, bool) {
	switch w {
	case "is", "was", "this", "his", "its", "us", "yes", "always", "sometimes", "perhaps", "less", "thus", "plus":
		return "", false
	case "has":
		return "have", true
	case "does":
		return "do", true
	case "goes":
		return "go", true
	}
	switch {
	case len(w) < 3 || !strings.HasSuffix(w, "s") || strings.HasSuffix(w, "ss") || strings.HasSuffix(w, "'s"):
		return "", false
	case strings.HasSuffix(w, "ies") && len(w) > 4:
		return w[:len(w)-3] + "y", true
	case strings.HasSuffix(w, "ches"), strings.HasSuffix(w, "shes"), strings.HasSuffix(w, "sses"),
		strings.HasSuffix(w, "xes"), strings.HasSuffix(w, "zes"), strings.HasSuffix(w, "oes"):
		return w[:len(w)-2], true
	}
	return w[:len(w)-1], true
}
