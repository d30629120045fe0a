package extract

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/memsvc/memsvc/text/lazyre"
)

// BuiltinName is the provenance name of the rule-based extractor.
const BuiltinName = "builtin-rules-v1"

// builtin is the rule-based extractor: no model, a few hundred microseconds per exchange.
type builtin struct {
	dates *dateResolver
}

// NewBuiltin returns the built-in rule-based extractor. It skips greetings, thanks, questions,
// hypotheticals, code and assistant filler; splits the remaining turns into clauses; rewrites
// them in the third person attributed to the speaker; maps common statements (relocations,
// jobs, age, names, preferences…) onto canonical facts with slots; and resolves relative dates
// against the message time (a range sets ValidTo). In a normal conversation only user turns
// are read: assistant and system turns state facts about the user only by echoing them. A
// user's standing instructions and conventions ("never push to main", "we use pnpm instead of
// npm") are kept as procedural facts, one-off requests are not; impersonal project facts
// (paths, hosts, ports, versions, owners) are kept as semantic ones. Facts of one request that
// restate the same slot are merged. With Request.AgentMemory, every role is read for
// instructions and conventions.
func NewBuiltin() Extractor {
	return &builtin{dates: newDateResolver()}
}

// Name implements Extractor.
func (b *builtin) Name() string { return BuiltinName }

// Extract implements Extractor. Facts with the same text, or restating the same slot, from
// one request are merged (see merger).
func (b *builtin) Extract(ctx context.Context, req Request) ([]Fact, error) {
	var facts merger
	var before turnBefore
	var userSaid []Fact // the facts of the last user turn, which the next may take back
	afterAgent := false
	if req.Slots == nil {
		req.Slots = NewSlotMemo() // a clause's slot is read by the rules and again by its fact
	}
	for _, m := range req.Messages {
		carried := before.kin // the relative the turn before left for a pronoun in the next
		if err := ctx.Err(); err != nil {
			return nil, fmt.Errorf("extract: builtin: %w", err)
		}
		mf, kin := b.messageFacts(m, req, before)
		before = turnBefore{}
		switch strings.ToLower(strings.TrimSpace(m.Role)) {
		case "assistant":
			before = turnBefore{question: lastQuestion(m.Content), readBack: readBack(m.Content), kin: kinAsked(m.Content, carried)}
			afterAgent = true
		case "user":
			before = turnBefore{dangling: danglingMove(m.Content), corrects: CorrectionLead(m), kin: kin}
			before.place, _ = lastNamedPlace(m.Content) // "My sister lives in Groningen." — "I moved there
			if takesBack(m.Content, afterAgent) {
				kept := withoutLastSaid(facts.facts, userSaid)
				facts = merger{}
				facts.addAll(kept)
			}
			userSaid, afterAgent = mf, false
		}
		facts.addAll(mf)
	}
	return facts.facts, nil
}

func appendUnique(ids []string, more ...string) []string {
	for _, id := range more {
		found := false
		for _, have := range ids {
			found = found || have == id
		}
		if !found {
			ids = append(ids, id)
		}
	}
	return ids
}

// turn is one message prepared for clause extraction.
type turn struct {
	role, speaker string
	ref           time.Time
	agent         bool
	proc          bool // this clause is a standing instruction or convention: Kind procedural
	project       bool // this clause is an impersonal statement of a project or world fact
	corrects      bool // the sentence before was a lead-in marking a correction ("Sorry, typo:")
	ids           []string
	slots         *SlotMemo // the request's memo of SlotOf
}

// turnBefore is what the turn just before a user's turn left open: the assistant's
// question or read-back, so that a short answer or a bare "yes" can be read in context,
// the user's own move said without where to ("We moved!"), which the next turn
// finishes ("to Denver"), or the place the user last named, which "there" points at.
type turnBefore struct {
	question, readBack, dangling string
	place                        placeMention // the last place the user's turn named, which "there" points at
	corrects                     bool         // the user's turn only announced a correction ("wait, that's wrong")
	kin                          string       // the one relative named just before, which "she" may point at (kinAsked)
}

// messageFacts extracts the facts of one turn; before is what the turn just before it
// left open. It also returns the relative the turn named or pointed at last, which a
// pronoun in the next turn may mean; "" when the turn spoke of none.
func (b *builtin) messageFacts(m Message, req Request, before turnBefore) ([]Fact, string) {
	role := strings.ToLower(strings.TrimSpace(m.Role))
	switch {
	case role == "user":
	case (role == "assistant" || role == "system") && req.AgentMemory:
	default:
		return nil, ""
	}
	tn := turn{role: role, speaker: speakerOf(m.Name, role), ref: m.CreatedAt, agent: req.AgentMemory, slots: req.Slots}
	if tn.ref.IsZero() {
		tn.ref = req.Now
	}
	if m.ID != "" {
		tn.ids = []string{m.ID}
	}
	var out []Fact
	introduced, object, home, named := "", "", "", ""
	kin, spokeOfKin := before.kin, false
	place := before.place
	for i, line := range proseLines(m.Content) {
		update := i == 0 && before.corrects // "wait, that's wrong" / "it's Square, not Stripe"
		sents, updated := updateSentences(sentences(stackAsUse(newLabelled(withoutMonthStops(line)))))
		for j, s := range sents {
			if sarcastic(s) {
				continue // "yeah right, I love Mondays 🙄" means the opposite of what it says
			}
			if j > 0 {
				s = withLabel(sents[j-1], s) // "secrets:" / "never in group_vars"
			}
			if i == 0 && j == 0 {
				if a := answerClause(before.question, s); a != "" {
					out = append(out, b.clauseFacts(a, s, tn)...)
					continue
				}
				if c := confirmedClause(before.readBack, s); c != "" {
					for _, cl := range clauses(c) { // "User has relocated to Valencia and works remotely"
						out = append(out, b.clauseFacts(cl, s, tn)...)
					}
					continue
				}
				s = answeredStill(before.question, finishedMove(before.dangling, s))
			}
			n := len(out)
			tn.corrects = update
			for _, c := range clauses(excuseReason(s)) {
				c = resolvePrefPronoun(resolvePronounName(c, &introduced), &object)
				r := resolveKinPronoun(c, &kin)
				spokeOfKin = spokeOfKin || r != c || kinRe.MatchString(c)
				c = r
				c = resolveThere(resolveMovedIn(resolveNamedPronoun(c, &named), &home), &place)
				out = append(out, b.clauseFacts(c, s, tn)...)
			}
			out = changesInSentence(out, n) // "sold the Golf, got a Tesla now" (instead.go)
			retracts := retractLeadRe.MatchString(s) || updated[j]
			for k := n; k < len(out); k++ {
				out[k].Current = update || retracts
			}
			update = updateLeadRe.MatchString(s)
		}
	}
	if !spokeOfKin {
		kin = "" // a turn about something else leaves the relative of the one before behind
	}
	return out, kin
}

// updateLeadRe finds a lead-in sentence that marks what follows on its line as a
// correction or an update of something said before: "Correction: the API listens on 8081".
var updateLeadRe = lazyre.New(`(?i)^\s*(?:(?:sorry|oops)[,!.]?\s+)?(?:correction|edit|small correction|fyi|heads up|typo|my typo|` + newsLabel + `)\s*:\s*$`)

// retractLeadRe finds a sentence that opens by taking back what was said before and
// goes on with what holds instead: "scratch that, it's amoxicillin I'm allergic to". What
// it states is a correction, as what follows "Correction:" is.
var retractLeadRe = lazyre.New(`(?i)^\s*(?:scratch that|strike that|wait,? no|no,? wait|sorry,? i meant|i meant,)\s*[,:;.!-]?\s*\S`)

func speakerOf(name, role string) string {
	if n := strings.Join(strings.Fields(name), " "); n != "" {
		return n
	}
	switch role {
	case "assistant":
		return "Assistant"
	case "system":
		return "System"
	}
	return "User"
}

var (
	markRe      = lazyre.New(`\s*,?\s*` + dateMark + `[,.!?]*\s*`)
	recurringRe = lazyre.New(`(?i)\b(?:birthday|anniversary|every|each|daily|weekly|monthly|annually|yearly|weekends|weekdays|mondays|tuesdays|wednesdays|thursdays|fridays|saturdays|sundays|mornings|evenings|nights)\b`)
	pleaseRe    = lazyre.New(`(?i)^please,?\s+`)
	decisionRe  = lazyre.New(`(?i)\b(?:chose|picked|went with|decided|opted|settled on|standardi[sz]ed on|switched|migrated|ported|replaced|dropped|ditched|upgraded|bumped|downgraded|moved \S+(?: \S+){0,3} from)\b`)
	negationRe  = lazyre.New(`(?i)^\S+(?: \S+){0,4}? (?:does not|do not|did not|is not|was not|has not|have not|cannot|will not|never|no longer)\b`)
)

// nowTailRe is a closing "right now" and its chat forms, which say only that a state
// holds when it is said.
var nowTailRe = lazyre.New(`(?i)\s*,?\s+(?:right now|rn|atm|at the moment)\s*([.!]*)$`)

// letsRe starts a proposal to do something together: "Let's go with option 2".
var letsRe = lazyre.New(`(?i)^(?:let's|lets|let us)\s+`)

// cutLets returns a proposal without its "let's".
func cutLets(t string) (string, bool) {
	loc := letsRe.FindStringIndex(t)
	if loc == nil {
		return t, false
	}
	return t[loc[1]:], true
}

// standingIntroRe finds the lead-in that makes an instruction a standing one: "From now on,
// always open PRs as drafts".
var standingIntroRe = lazyre.New(`(?i)^(?:` + standingLeadIn + `)\b,?\s*`)

// youClauseRe finds the listener in a standing instruction's condition or timing: "always
// run make lint before you push". Said to the assistant, "you" is the assistant.
var youClauseRe = lazyre.New(`(?i)\b(?:` + assistantTiming + `|if|until|unless|while)\s+you\b`)

// rescheduledRe finds a thing moved to a day or month: "The meeting got moved to Thursday".
var rescheduledRe = lazyre.New(`(?i)\b(?:moved|pushed|pushed back|postponed|rescheduled|delayed|slipped|bumped)\s+(?:\S+\s+){0,3}?(?:to|until|till)\s+(?:next\s+|this\s+)?(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|january|february|march|april|may|june|july|august|september|october|november|december)\b`)

// dateTense is the tense the dates of a clause are read in: that of the clause, except
// that the day a thing was moved to lies ahead, however the move is told.
func dateTense(text string, t tense) tense {
	if t == tensePast && rescheduledRe.MatchString(text) {
		return tenseFuture // "moved the wedding to September 6", said in March: this September
	}
	return t
}

// clauseFacts turns one clause of sentence into zero or more facts.
func (b *builtin) clauseFacts(clause, sentence string, tn turn) []Fact {
	text, reported := reportedSelf(stripLead(withoutAsides(clause)))
	text = preNormalise(asNameStatement(withApostrophes(stripLead(stripTellFrame(text)))))
	marked := sentence
	if tn.corrects {
		marked = "Correction: " + sentence // "Sorry, typo: it's Mittens, not Mitens"
	}
	c, about := bareCorrection(marked)
	of := ""
	if c != "" {
		text = c // the lead-in that marks the correction is gone from the clause
	} else if c, of, about = subjectCorrection(clause); c != "" {
		text = c
	} else if c, of = wordCorrection(sentence); c != "" {
		text = c
	} else if c := valueCorrection(sentence); c != "" {
		text = c
	} else if c := starredCorrection(sentence); c != "" {
		text = c
	} else if c := meantStatement(text); c != "" {
		text = c
	}
	if tn.role == "user" {
		text = wantYouRe.ReplaceAllString(text, "") // "I'd like you to use British spelling" is an instruction
		text = noAsRule(reminderAsRule(text))
		if rest, ok := cutLets(text); ok {
			if !standingRe.MatchString(rest) {
				return nil // "Let's go with option 2": a proposal about the task at hand
			}
			text = capitalise(rest) // "Let's always squash before merging" is the rule itself
		}
	}
	if tn.role == "user" && !tn.agent {
		text = withKinOwner(withDroppedSubject(text))
	}
	if tn.agent {
		text = pleaseRe.ReplaceAllString(text, "")
	}
	ci := newClauseInfo(text, tn.role, tn.agent)
	ci.firstP = ci.firstP || reported // the frame named the speaker: "Jake told me he's…"
	ci.slots = tn.slots
	if skipReason(ci) != "" {
		return nil
	}
	text = nowTailRe.ReplaceAllString(hereNow(text, clause, sentence), "") // "reading Dune right now": the fact holds now, as facts do
	standing := !tn.agent && tn.role == "user" && standingInstruction(ci)
	tn.proc = standing || !tn.agent && tn.role == "user" && (conventionKind(ci) || workRule(ci))
	tn.project = !tn.agent && !ci.firstP && !standing && projectStatement(ci)
	if standing {
		// Kind procedural already says the instruction stands; "From now on" says no more.
		text = capitalise(standingIntroRe.ReplaceAllString(pleaseRe.ReplaceAllString(text, ""), ""))
	}
	var dates []resolvedDate
	if !recurringRe.MatchString(text) {
		// A birthday or "every Monday" recurs: resolving it to one day would invent a date.
		dates = b.dates.resolveAll(text, tn.ref, dateTense(text, ci.tense))
	}
	if bornRe.MatchString(text) {
		dates = withYear(dates) // "born on 3 March" is a birthday: its year is not the message's
	}
	var d resolvedDate
	hasDate := len(dates) > 0
	for i := len(dates) - 1; i >= 0; i-- {
		// The first date is the fact's own (ValidFrom, "since …"); later ones are written in place.
		repl := dates[i].inline()
		if i == 0 {
			d, repl = dates[0], dateMark
		}
		text = text[:dates[i].start] + repl + text[dates[i].end:]
	}
	addressee := ""
	if tn.agent && tn.role != "assistant" || standing && (procLeadRe.MatchString(text) || youClauseRe.MatchString(text)) {
		addressee = "Assistant"
	}
	third := toThirdPerson(text, tn.speaker, addressee)
	var out []Fact
	cs, pending := render(third, d, hasDate, tn.ref)
	for _, cf := range cs {
		f, ok := buildFact(cf, sentence, tn, d, hasDate)
		f.Pending, f.About, f.Of = pending, about, of
		if hasDate {
			f.ValidFrom = d.validFrom(tn.ref, pending)
		}
		if ok {
			out = append(out, f)
		}
	}
	return out
}

// withoutMark removes the date mark from a statement, keeping a comma after it: "started
// at N26 on Monday, backend engineer still" has two clauses, not an employer "N26 backend…".
func withoutMark(t string) string {
	t = markRe.ReplaceAllStringFunc(t, func(m string) string {
		if strings.Contains(m[strings.Index(m, dateMark):], ",") {
			return ", "
		}
		return " "
	})
	return strings.TrimLeft(t, " ,") // a leading date left its comma behind
}

// render applies the templates and writes the resolved date into each statement; ref is
// when it was said. pending reports states that begin after ref.
func render(third string, d resolvedDate, hasDate bool, ref time.Time) (cs []canonFact, pending bool) {
	plain := tidy(withoutMark(third))
	if cs = canonicalise(plain); cs != nil {
		// The date is written into the first, main statement only ("works at Stripe since…"),
		// not the ones derived alongside it ("works as a backend engineer"); all get ValidFrom.
		if hasDate {
			switch {
			case cs[0].state && (d.prep == "" || d.prep == "since") && d.at.After(ref):
				// "I'm 40 next month": a state from a day still ahead, not one that holds now;
				// what is derived alongside it begins then too.
				cs[0].text += " from " + d.bare()
				pending = true
			case cs[0].state && (d.prep == "" || d.prep == "since"):
				cs[0].text += " since " + d.bare()
			default:
				cs[0].text += " " + d.inline()
			}
		}
		return cs, pending
	}
	if !hasDate {
		return []canonFact{{plain, false}}, false
	}
	// A leading date ("Yesterday I ran…") reads better after the statement.
	t := third
	if rest, ok := strings.CutPrefix(t, dateMark); ok {
		t = strings.TrimRight(strings.TrimLeft(rest, " ,"), " .!?") + " " + dateMark
	}
	return []canonFact{{tidy(strings.Replace(t, dateMark, d.inline(), 1)), false}}, false
}

// choiceVerbs open a two-word standing rule that picks a thing ("Use Zustand.",
// "Prefer tabs."); other two-word imperatives ("Run tests.") are one-off requests.
// A rule said with no verb picks one too ("pnpm only", verblessRule).
var choiceVerbs = set(`use prefer avoid`)

// pastimeVerbs are habits a person has with no object said: "User smokes", "User
// knits". With only a subject, another verb leaves nothing to remember ("User is").
var pastimeVerbs = set(`smokes vapes drinks drives cooks bakes swims cycles knits sews paints draws sings dances surfs skis
snowboards skates hunts fishes gardens meditates climbs hikes`)

func buildFact(cf canonFact, sentence string, tn turn, d resolvedDate, hasDate bool) (Fact, bool) {
	text := tidy(cf.text)
	words := lowerWords(text)
	if len(words) < 3 && !(len(words) == 2 && (tn.agent || pastimeVerbs[words[1]] || tn.proc && (choiceVerbs[words[0]] || verblessRule(text)))) {
		return Fact{}, false // "User is": nothing left to remember
	}
	f := Fact{
		Text:       text,
		Speaker:    tn.speaker,
		MessageIDs: append([]string(nil), tn.ids...),
		Excerpt:    excerpt(strings.TrimSpace(sentence)),
		ValidFrom:  tn.ref,
		Slot:       tn.slots.Of(text),
		Negated:    negationRe.MatchString(text),
	}
	if hasDate {
		f.ValidFrom = d.at
		f.ValidTo = d.to
	}
	if f.Slot != nil && pronounValues[f.Slot.Value] && words[len(words)-1] == f.Slot.Value {
		// "User's girlfriend loves them": what is loved was named before, and nothing else is
		// said ("User ships it with Kustomize" still names the tool).
		return Fact{}, false
	}
	single := f.Slot != nil && isSingleValued(f.Slot.Predicate)
	// A project fact naming a flag says how a tool is run ("clippy runs with -D warnings").
	if !tn.agent && !tn.proc && !single && hasAny(words, debugWords) && !(tn.project && cliFlagRe.MatchString(text)) {
		return Fact{}, false // troubleshooting chatter, not a fact about the speaker
	}
	switch {
	case tn.agent, tn.proc:
		f.Kind = KindProcedural
	case single:
		f.Kind = KindSemantic
	case hasDate && !d.at.After(tn.ref):
		// An event dated at or before it was said happened; a plan for a day ahead is what
		// holds now (API.md: episodic is an event that happened, semantic what holds).
		f.Kind = KindEpisodic
	case tn.project, decisionRe.MatchString(text), strings.Contains(strings.ToLower(text), "turned out to be"):
		// A project fact, an undated decision or switch ("went with gRPC", "migrated the build to
		// Bazel") holds from then on, and what something turned out to be is what it is.
		f.Kind = KindSemantic
	case detectTense(words) == tensePast && !presentVerbFirst(words):
		// Told in the past, it happened; a plan told in the future holds now. "User prefers early
		// returns over nested ifs" is in the present, whatever "nested" looks like.
		f.Kind = KindEpisodic
	default:
		f.Kind = KindSemantic
	}
	return f, true
}

// pronounValues are slot values that only point back at something said before.
var pronounValues = set(`it them this that these those him her`)

func hasAny(words []string, set map[string]bool) bool {
	for _, w := range words {
		if set[w] {
			return true
		}
	}
	return false
}
