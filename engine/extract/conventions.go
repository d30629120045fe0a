package extract

import (
	"slices"
	"strings"
	"unicode"

	"github.com/memsvc/memsvc/text/lazyre"
)

// What a coding agent is told: standing instructions ("always squash before merging"),
// conventions ("we never use gomock") and project facts said without a first-person subject
// ("the billing service lives in services/billing", "Dana owns the auth service"). In a normal
// conversation an imperative is a one-off request and an impersonal clause is small talk,
// unless these linguistic cues mark it as something to remember.

// standingLeadIn says that what follows holds from now on: "From now on, …", "Going forward, …".
const standingLeadIn = `from now on|going forward|from here on(?: out)?`

// assistantTiming ties what the assistant is told to do to when it does something: "run
// make lint before you push", "update the changelog when you release".
const assistantTiming = `before|after|when|whenever|once|every time|each time`

var (
	// standingRe marks an instruction or convention that holds beyond the current task.
	standingRe = lazyre.New(`(?i)\b(?:always|never|` + standingLeadIn + `|by default|every time|whenever|each time|in this (?:repo|repository|codebase|project|team|company)|in our (?:repo|repository|codebase|projects?)|here we|instead of|rather than|as a rule|convention|don't|do not|avoid|prefer|only ever)\b`)
	// recurRe marks an imperative tied to a recurring event: "run the linter before every
	// commit" is a rule, where "run the linter" alone is a request.
	recurRe = lazyre.New(`(?i)\b(?:before|after|on) (?:every|each)\b`)
	// oneOffRe marks a request about the task at hand ("run the tests again", "fix this").
	oneOffRe = lazyre.New(`(?i)\b(?:again|once more|one more time|right now|real quick|quickly|for me|this time|for now|when you (?:get|have) (?:a )?(?:chance|minute|sec|second|moment|time)|if you (?:can|could|have time|get a chance)|if possible)\b`)
	// conventionVerbs start imperatives that set a way of working whatever their object.
	conventionVerbs = set(`use prefer avoid stick default favour favor pin keep`)
	// specificDets make an imperative's object a particular thing: a one-off request.
	specificDets = set(`it this that these those them me my the a an his her our your its some several few one two three`)
	// genericDets make an imperative's object a class of things: a convention.
	genericDets = set(`all every any each new no`)
	// procLeadRe finds a standing procedure's condition or purpose: "whenever X, do Y",
	// "before merging, …", "to run the e2e suite, use …".
	procLeadRe = lazyre.New(`(?i)^(?:(?:if|when|whenever|before|after|once|every time|each time)\b[^,]+|to [a-z]+\b[^,]*),\s*(?:please\s+)?(?:always\s+|never\s+|don't\s+|do not\s+)?(\w+)`)
	// procTailRe finds a procedure's timing or instrument after the verb: "squash before merging",
	// "run the migrations with goose".
	procTailRe = lazyre.New(`(?i)\b(?:before|after|when|whenever|once) \w+ing\b|\b(?:with|using|via|through) \S`)
	// youTailRe finds a trailing condition on what the assistant does: "update the changelog
	// when you release" ties the instruction to each release. transientYou are the words of a
	// condition on the task at hand instead: "commit it when you're done", "… once you finish".
	youTailRe    = lazyre.New(`(?i)\b(?:` + assistantTiming + `) you (\S+)`)
	transientYou = set(`are 're ’re finish finished done have 've can could get got see think feel want like need know`)
	// ensureRe starts an instruction about an outcome.
	ensureRe = lazyre.New(`(?i)^(?:please\s+)?(?:make sure|be sure|ensure)\b`)
	// wantYouRe asks the assistant to do something: what follows is read as an imperative.
	wantYouRe = lazyre.New(`(?i)^(?:i|we)(?:'d| would)? (?:like|want|need) you to\s+`)
	// dontExceptRe are prohibitions about the moment, not the work ("don't worry").
	dontExceptRe = lazyre.New(`(?i)^(?:please\s+)?(?:don't|do not|never)\s+(?:worry|forget|bother|mind|panic|hesitate)\b`)
)

// genericCondRe finds a condition about any thing of a kind: "when you add a new endpoint",
// "whenever a migration fails", "if any test is flaky".
var genericCondRe = lazyre.New(`(?i)^(?:if|when|whenever|before|after|once|every time|each time)\s+(?:\S+\s+){0,3}?(?:a|an|any|every|each|new)\s[^,]+,`)

// passiveRuleRe finds a rule stated of a kind of thing in the passive: "Feature branches
// should be named feat/<ticket>", "PRs must be reviewed by two people", "Secrets should never
// be committed".
var passiveRuleRe = lazyre.New(`(?i)^(?:(?:the|all|every|each|new|our)\s+)?(?:[\w./<>-]+\s+){0,3}?(?:should|must)\s+(?:always\s+|never\s+|not\s+|only\s+)?be\s+\w+(?:ed|en|t)\b`)

// quantRuleRe finds a rule for whatever falls in a scope: "anything touching auth needs a
// review from Tom", "every migration under db/ must be reversible", or for every thing of a
// kind: "every Celery task has to be idempotent", "every resource needs the tags owner and
// cost-center" (a work context is still required, so "every kid needs a hug" is none).
var quantRuleRe = lazyre.New(`(?i)^(?:(?:anything|everything|any\s+\w+|every\s+\w+)\s+(?:\w+ing|in|under|that|which|about|to|of|for|on)\b.*?|(?:every|each|all)\s+(?:\S+\s+){0,2}?\S+\s+)\b(?:needs|need|requires|require|must|has to|have to|should|goes through)\b`)

// mustPassRe finds a check that gates the work: "tfsec has to pass", "the e2e suite must
// be green". The check is named by a word of the work or, bare, by its own name ("tfsec"):
// "the bill has to pass" is no rule of the work.
var mustPassRe = lazyre.New(`(?i)^((?:the\s+)?[\w./-]+(?:\s+[\w./-]+){0,2}?)\s+(?:has to|have to|must|needs to|need to)\s+(?:always\s+)?(?:pass|be green|stay green|succeed)\b`)

// bareName reports a subject that is one word with no article, not a pronoun: how chat names
// a tool ("ruff", "tfsec").
func bareName(subject string) bool {
	w := lowerWords(subject)
	return len(w) == 1 && !determinerOnly(w[0]) && !startsWithPronoun(w) && !indefinites[w[0]]
}

// workRule reports a user's impersonal rule about how the work is done: said in the passive
// with should or must, or of whatever falls in a scope. "The package should arrive
// tomorrow" is no rule: no passive, and nothing of the work.
func workRule(ci clauseInfo) bool {
	// "From now on" names no date the rule is about.
	if ci.role != "user" || ci.firstP || hasDateCue(standingIntroRe.ReplaceAllString(ci.text, "")) || lostAntecedent(ci.text) {
		return false // "Its tests must pass before merging": stored alone it no longer says whose
	}
	if verblessRule(ci.text) || onlyAllowedRe.MatchString(ci.text) || minimumVersionRe.MatchString(ci.text) {
		return true
	}
	if m := mustPassRe.FindStringSubmatch(ci.text); m != nil && (workContext(ci) || bareName(m[1])) {
		return true
	}
	if !workContext(ci) {
		return false
	}
	if quantRuleRe.MatchString(ci.text) || standingStatement(ci) {
		return true
	}
	return !startsWithPronoun(ci.words) &&
		(passiveRuleRe.MatchString(ci.text) || presentPassiveRe.MatchString(ci.text) && recurRe.MatchString(ci.text))
}

// standingStatement reports an impersonal statement of the work said to hold from now on:
// "From now on every endpoint reports errors as problem details", "Going forward, releases
// are cut on Thursdays". The lead-in makes it the way things are done, not a report; what
// holds from now on is never past, so a participle after the verb ("…, produced by the
// handler") does not make it one.
func standingStatement(ci clauseInfo) bool {
	return standingIntroRe.MatchString(ci.text) && ci.tense != tenseFuture &&
		!startsWithPronoun(lowerWords(withoutIntro(ci.text))) && hasVerb(ci.words)
}

// A rule is often said with no verb at all, as a choice: "RSpec only", "polars, not
// pandas", "tabs over spaces", "FactoryBot for test data", "one namespace per team".
// Each pattern is the whole clause, with short phrases on either side, so a longer
// clause that merely holds "only" or "for" ("the fix for the login page") is not one.
var (
	// onlyRuleRe: "pnpm only", "only bun".
	onlyRuleRe = lazyre.New(`(?i)^(?:only\s+(\S+(?:\s+\S+){0,2})|(\S+(?:\s+\S+){0,2})\s+only)$`)
	// pickRuleRe: one thing over another, "standardrb, not rubocop".
	pickRuleRe = lazyre.New(`(?i)^(\S+(?:\s+\S+){0,2}?),?\s+(?:not|over|instead of|rather than)\s+(\S+(?:\s+\S+){0,3})$`)
	// forRuleRe: a tool for a job, "FactoryBot for test data", "poetry for deps".
	forRuleRe = lazyre.New(`(?i)^(\S+(?:\s+\S+)?)\s+for\s+(?:all\s+|any\s+|anything\s+|every\s+)?(\S+(?:\s+\S+){0,2})$`)
	// perRuleRe: a unit of organisation, "one namespace per team", "a store per feature".
	perRuleRe = lazyre.New(`(?i)^(?:one|a|an|a single)\s+(\S+(?:\s+\S+)?)\s+(?:per|for each|for every)\s+(\S+(?:\s+\S+)?)$`)
)

// verblessRule reports a rule said with no verb, naming things of the work: a listed
// tool, an identifier, a word of code or setup, or a name written with a capital inside
// it ("FactoryBot", "RSpec"). "Coffee for everyone" and "salad, not fries" name none.
func verblessRule(t string) bool {
	t = strings.TrimSpace(strings.TrimRight(strings.TrimSpace(t), ".!"))
	t = noRiderRe.ReplaceAllString(t, "") // "FactoryBot for test data, no fixtures"
	words := lowerWords(t)
	if len(words) < 2 || finiteVerb(words) || startsWithPronoun(words) {
		return false
	}
	var parts []string
	for _, re := range []*lazyre.Regexp{onlyRuleRe, pickRuleRe, forRuleRe, perRuleRe} {
		if m := re.FindStringSubmatch(t); m != nil {
			parts = append(parts, m[1:]...)
			if re == forRuleRe && !namedTool(m[1]) {
				return false // "Tacos for dinner": a for-rule names its tool first
			}
			break
		}
	}
	for _, p := range parts {
		if p != "" && (namedTool(p) || hasAny(lowerWords(p), workWords) || hasAny(lowerWords(p), setupNouns)) {
			return true
		}
	}
	return false
}

// noRiderRe is what a verbless rule may forbid after it: "…, no fixtures".
var noRiderRe = lazyre.New(`(?i),\s*no\s+\S+(?:\s+\S+){0,2}$`)

// finiteVerb reports a word that can only be a verb: an auxiliary, a modal, a past form.
// A word ending in -s is not taken for one here, since the things these rules pick are
// plurals as often ("polars", "tabs, not spaces", "poetry for deps").
func finiteVerb(words []string) bool {
	for _, w := range words {
		if finiteAux[w] || modals[w] || irregularPast[w] || len(w) > 4 && strings.HasSuffix(w, "ed") && !notPastEd[w] {
			return true
		}
	}
	return false
}

// namedTool reports a phrase that names a tool or an identifier: a listed tool, a
// technical token, or a word with a capital after its first letter ("FactoryBot").
func namedTool(p string) bool {
	if tool, _ := toolOf(p); tool != "" || techToken(p) {
		return true
	}
	for _, f := range strings.Fields(p) {
		if len(f) > 1 && strings.ToLower(f[1:]) != f[1:] {
			return true
		}
	}
	return false
}

// presentPassiveRe finds a present passive said of a kind of thing: "Notebook outputs are
// stripped …". With a recurrence after it ("… before every commit", recurRe) it is what is
// done each time, a rule rather than a report.
var presentPassiveRe = lazyre.New(`(?i)^(?:(?:the|all|every|each|new|our)\s+)?(?:[\w./<>-]+\s+){0,3}?(?:is|are)\s+(?:always\s+|only\s+)?\w+(?:ed|en|t)\b`)

// passiveAndRe finds two passive rules sharing their subject: "… should be named X and
// merged into develop".
var passiveAndRe = lazyre.New(`(?i)^(.+?\b(?:should|must)\s+(?:always\s+|never\s+|not\s+|only\s+)?be)\s+(\w+(?:ed|en)\b.*?)\s+and\s+(\w+(?:ed|en)\b.*)$`)

// splitPassive splits "Feature branches should be named X and merged into develop" into two
// rules about feature branches.
func splitPassive(s string) []string {
	m := passiveAndRe.FindStringSubmatch(s)
	if m == nil {
		return []string{s}
	}
	return []string{m[1] + " " + m[2], m[1] + " " + m[3]}
}

// introRe finds an introductory phrase that sets the scope of what follows ("From now on, …",
// "In this repo …"): the clause is read without it, and it marks a convention.
var introRe = lazyre.New(`(?i)^(?:` + standingLeadIn + `|` + startLeadIn + `|by default|as a rule|in general|in (?:this|our|the) (?:repo|repository|codebase|project|team|company|monorepo|org)|on (?:this|our) (?:team|project)|here|` + colonLeadIn + `),?\s+`)

// colonLeadIn announces what follows a colon as the speaker's rules or preferences: "Two
// things about how you answer me: keep answers short". Its "you" is the listener the
// rules are for, not what the clause is about.
const colonLeadIn = `[^:]{0,40}\b(?:things?|notes?|rules?|preferences?|requests?|points?|reminders?)\b[^:]{0,40}:`

// startLeadIn is a time from which what follows holds ("From next week on, we deploy on
// Tuesdays", "Starting Monday …"): the clause states the new way, read without it.
const startLeadIn = `(?:from|starting|beginning|as of) (?:(?:next|this|the coming) (?:week|month|year|sprint|quarter|monday|tuesday|wednesday|thursday|friday|saturday|sunday)|today|tomorrow|monday|tuesday|wednesday|thursday|friday|saturday|sunday)(?: on| onwards?)?`

// withoutIntro returns the clause without its introductory phrase.
func withoutIntro(t string) string {
	if loc := introRe.FindStringIndex(t); loc != nil && loc[1] < len(t) {
		return t[loc[1]:]
	}
	return t
}

// standingInstruction reports whether an imperative clause said by the user is a standing
// instruction (kept as a procedural fact) rather than a request about the task at hand.
func standingInstruction(ci clauseInfo) bool {
	t := ci.text
	if dontExceptRe.MatchString(t) || oneOffRe.MatchString(t) || strings.HasPrefix(ci.words[0], "let") || lostAntecedent(t) {
		return false
	}
	if alwaysCommand(t) {
		return true // "Always uv run", "so it's always `fvm flutter`"
	}
	if onlyAllowedRe.MatchString(t) && workContext(ci) {
		return true // "Only cl-cli is allowed anyhow" reads as an imperative of "only"
	}
	if m := procLeadRe.FindStringSubmatch(t); m != nil && imperativeVerbs[strings.ToLower(m[1])] {
		// "When you add a new endpoint, document it": the pronoun is the condition's any
		// endpoint; "if it breaks, fix it" points at something at hand.
		return !pronounObject(lowerWords(t[strings.LastIndex(t, m[1]):])) || genericCondRe.MatchString(t)
	}
	if !ci.imperativ {
		return false
	}
	iw := lowerWords(withoutIntro(t))
	if v := instructionVerb(iw); !imperativeVerbs[v] || keepGoing(iw) || phrasalRe.MatchString(t) || !workContext(ci) && !outputVerbs[v] {
		return false // "Don't quit", "Never give up", "Always be yourself": encouragement, not instructions
	}
	if standingRe.MatchString(t) || recurRe.MatchString(t) {
		return true
	}
	if ensureRe.MatchString(t) && hasAny(ci.words, genericDets) {
		return true // "Make sure every migration is reversible"
	}
	w := iw // "One more thing: keep answers short" is judged by its instruction
	if len(w) > 0 && w[0] == "please" {
		w = w[1:]
	}
	if len(w) < 2 || pronounObject(w) {
		return false
	}
	switch {
	case w[0] == "keep" && specificDets[w[1]] && len(w) <= 3:
		return false // "Keep the counter": leave that thing be, this once; "keep the log tidy" is a way
	case conventionVerbs[w[0]]:
		return true
	case contrastRule(w):
		return true // "Show diffs not whole files": a way of answering, picked over another
	case requestVerbs[w[0]] || !workContext(ci):
		return false // "Recommend books about Stoicism": a request, whatever its object
	case (genericDets[w[1]] || isBarePlural(w[1:])) && !forOneThing(w[1:]):
		return true // "Keep functions short", "Write all new services in Rust"
	case specificDets[w[1]] && w[1] != "the":
		return false
	}
	if m := youTailRe.FindStringSubmatch(t); m != nil && !transientYou[strings.ToLower(m[1])] {
		return true
	}
	return procTailRe.MatchString(t)
}

// alwaysCommandRe is a clause that is only "always" and a command, said as a rule in
// passing: "Always uv run", "so it's always `fvm flutter` and `fvm dart` here", "always
// `pnpm`, never npm".
var alwaysCommandRe = lazyre.New("(?i)^(?:so\\s+)?(?:(?:it'?s|it is|that'?s|that is)\\s+)?always\\s+(`[^`]+`|[\\w.+-]+(?:\\s+[\\w.+-]+)?)(?:\\s+and\\s+`[^`]+`)?(?:\\s+here)?(?:,\\s*never\\s+(?:the\\s+)?(?:`[^`]+`|[\\w.+-]+(?:\\s+[\\w.+-]+)?))?\\s*[.!]*$")

// commandWords are what follows a tool's name in a command: "uv run", "bundle exec".
var commandWords = set(`run exec install add build test x dlx`)

// alwaysCommand reports a clause that names the command to always use. The command is in
// backticks, a listed tool, or a tool and a command word: "always late" names none.
func alwaysCommand(t string) bool {
	m := alwaysCommandRe.FindStringSubmatch(strings.TrimSpace(t))
	if m == nil {
		return false
	}
	words := strings.Fields(m[1])
	return strings.HasPrefix(m[1], "`") || namedTool(m[1]) || len(words) == 2 && commandWords[strings.ToLower(words[1])]
}

// contrastRule reports an imperative that picks one kind of thing over another, both
// named without a determiner: "show diffs not whole files", "write commands for fish, not
// bash". Saying what not to do instead makes it a way of working, even after a verb that
// otherwise asks for one answer ("show", "write"); "show me the logs, not the code" and
// "fix the test not the code" name particular things and stay requests.
func contrastRule(w []string) bool {
	i := slices.Index(w, "not")
	if i < 2 || i == len(w)-1 || specificDets[w[1]] || pronounObject(w) {
		return false
	}
	for _, x := range w[1:] {
		if x == "the" || possessives[x] || x == "me" || x == "us" {
			return false
		}
	}
	return isBarePlural(w[1:i]) || isBarePlural(w[i+1:])
}

// instructionVerb returns the verb of an imperative, after please, always, never, don't.
func instructionVerb(w []string) string {
	for i := 0; i < len(w); i++ {
		switch w[i] {
		case "please", "always", "never", "don't", "just", "ever", "only":
			continue
		case "do":
			if i+1 < len(w) && w[i+1] == "not" {
				i++
				continue
			}
		}
		return leadVerb(w[i:])
	}
	return ""
}

var (
	// outputVerbs instruct the assistant about its answers, whatever the topic.
	outputVerbs = set(`use avoid prefer mention include suggest recommend reply respond answer call address write format
add put show list keep stick default`)
	// phrasalRe are idioms whose verb looks like an instruction.
	phrasalRe = lazyre.New(`(?i)\b(?:give up|look back|stop trying|keep going|keep it up|keep at it|keep up|keep pushing|keep smiling|keep in touch)\b`)
)

// keepGoing reports "keep making a difference", "keep you posted": encouragement and promises.
func keepGoing(w []string) bool {
	for i := 0; i+1 < len(w); i++ {
		if w[i] == "keep" {
			return strings.HasSuffix(w[i+1], "ing") || subjectPronouns[w[i+1]] || w[i+1] == "me" || w[i+1] == "us" || w[i+1] == "them"
		}
	}
	return false
}

// requestVerbs ask for an answer, not for a way of working.
var requestVerbs = set(`recommend suggest find give list show explain summarize summarise translate compare describe
send generate draft plan outline tell help calculate estimate analyze analyse imagine pretend create book look print
read convert proofread review`)

// workContext reports a clause about code, the project or the team's way of working: one
// with a word of the work, "we", a technical token or a listed tool ("never run pnpm
// publish from a laptop", "don't ever run npm or yarn in here").
func workContext(ci clauseInfo) bool {
	if hasAny(ci.words, workWords) || hasAny(ci.words, weWords) || techToken(ci.text) {
		return true
	}
	tool, _ := toolOf(ci.text)
	return tool != ""
}

// pronounObject reports an imperative whose object is a pronoun: "run it", "send me".
func pronounObject(w []string) bool {
	return len(w) > 1 && (w[1] == "it" || w[1] == "me" || w[1] == "this" || w[1] == "that" || w[1] == "them")
}

// possessivePronouns end in -s without being plurals.
var possessivePronouns = set(`ours yours theirs hers its`)

// isBarePlural reports a noun phrase of plain words ending in a plural, without a determiner:
// "functions", "commit messages", "table-driven tests".
func isBarePlural(w []string) bool {
	for i := 0; i < len(w) && i < 3; i++ {
		if specificDets[w[i]] || genericDets[w[i]] || isPreposition(w[i]) {
			return false
		}
		if possessivePronouns[w[i]] {
			return false // "Move ours to 6543": the object is one thing of ours, not a kind
		}
		if len(w[i]) > 3 && strings.HasSuffix(w[i], "s") && !strings.HasSuffix(w[i], "ss") && !strings.HasSuffix(w[i], "'s") {
			return true
		}
	}
	return false
}

// forOneThing reports an object of a kind made for one particular thing: "tests for the new
// fee calculation", "type hints to this module" are today's work, where "tests for every
// endpoint" and "docstrings to public functions" are a way of working.
func forOneThing(object []string) bool {
	for i := 0; i+1 < len(object) && i < 4; i++ {
		if object[i] == "for" || object[i] == "to" {
			return specificDets[object[i+1]] && !indefinite[object[i+1]]
		}
	}
	return false
}

// indefinite are the specific determiners that do not point at a thing at hand.
var indefinite = set(`a an some several few one two three`)

var prepositions = set(`in on at to for with from by of over under about into onto via through before after since until without`)

func isPreposition(w string) bool { return prepositions[w] }

// conventionKind reports a first-person statement that sets a way of working ("we never use
// gomock", "I prefer early returns in our Go code"): a convention marker in a clause about
// the team or its work, not a personal habit ("I never drink coffee").
func conventionKind(ci clauseInfo) bool {
	if neverExperienceRe.MatchString(ci.text) || lostAntecedent(ci.text) {
		return false // "I've never done one on this repo": what the speaker has lived, not a rule
	}
	if commandDoesRe.MatchString(withoutIntro(ci.text)) && hasAny(ci.words, debugWords) {
		// "`just lint` runs clippy with warnings denied": what a command checks is a check the
		// work must pass, a convention. ("`make dev` starts the stack" stays a project fact.)
		return true
	}
	if kept := keptAtVersionRe.FindString(ci.text); kept != "" && keptWorkThing(ci, kept) {
		return true // "we keep the MSRV at 1.74": a bound the work holds to (not "the router firmware at 4.2.1 at home")
	}
	if !standingRe.MatchString(ci.text) && !hasAny(ci.words, preferWords) {
		return false
	}
	return hasAny(ci.words, weWords) || hasAny(ci.words, workWords) || techToken(ci.text)
}

var (
	preferWords = set(`prefer prefers rather`)
	weWords     = set(`we we're we've we'll our ours us`)
	// workWords name the things a coding convention is about.
	workWords = set(`code codebase repo repository branch branches commit commits pr prs review reviews test tests
tests deploy deploys deployment release releases build builds ci pipeline lint linter format formatting function
functions variable variables error errors log logs logging dependency dependencies package packages module modules
service services api apis endpoint endpoints schema migration migrations query queries database docs documentation
style indentation tabs spaces naming comments merge merging squash rebase rebasing push pushing committing deploying
releasing testing reviewing gateway cache server servers cluster queue worker job cron flag toggle feature team
client sdk app frontend backend db bucket container image config env secret token key host port ui cli
staging production prod dev local locally exports fixtures mocks task tasks resource resources tag tags`)
)

// techTokenRe finds the tokens of a project fact: paths, files, hosts and URLs, environment
// variables, snake_case or dotted identifiers, ports, versions, channels, quoted code and
// attributes, annotations or macros ("@Observable", "@Transactional").
var techTokenRe = lazyre.New("`[^`]+`|(?:^|[\\s(])@[A-Z][A-Za-z]+\\b|" +
	`\b[\w.-]*\w/[\w./-]*|(?:^|\s)\.[\w.-]*\w|\b\w[\w-]*\.(?:go|py|js|ts|tsx|jsx|rb|rs|java|kt|sh|ya?ml|json|toml|ini|env|sql|md|txt|cfg|conf|lock|local|production|development|staging)\b|` +
	`https?://\S+|\b[\w-]+(?:\.[\w-]+)+\.(?:com|org|net|io|dev|app|internal|local|cloud|co|ai)\b|` +
	`\b[A-Z][A-Z0-9]+(?:_[A-Z0-9]+)+\b|\b[a-z][a-z0-9]*(?:_[a-z0-9]+)+\b|` +
	`\bport \d{2,5}\b|\b\d{4,5}\b|\b[A-Za-z][\w+#-]* v?\d+(?:\.\d+)+\b|\b[A-Z][\w+#-]* \d{1,3}\b|#[a-z][\w-]+`)

func techToken(s string) bool { return techTokenRe.MatchString(s) }

var (
	// durableCopulaRe finds an impersonal statement of where something is, how it is set up or
	// what it is: "is in config/", "are deployed with helm", "is the tech lead", "turned out to be".
	durableCopulaRe = lazyre.New(`(?i)^[^,]*?\b(?:is|are)\s+(?:now\s+|still\s+|always\s+|also\s+)?(?:(?:in|on|at|under|inside|behind)\s|(?:\w+ed|built|written|kept|run|set|read|done|made|held|owned|hosted|stored|deployed)\s+(?:with|in|on|by|through|via|from|to|at|under|using|as|into)\s|\d+(?:\.\d+)?\s*(?:ms|s|seconds?|minutes?|hours?|days?|mb|gb|kb|%|percent|replicas?|workers?|threads?|retries|requests?)\b|(?:the|a|an)\s+(?:\S+\s+){0,3}(?:` + jobAlternation() + `|person to ask|go-to|contact|point of contact)\b|in charge\b|responsible for\b)|\bturned out to be\b|\b(?:gets|get)\s+(?:\w+ed|run|built|set)\b`)
	// lexicalVerbRe finds a present-tense lexical verb after a definite or named subject:
	// "the gateway retries…", "Marco owns…", "every PR needs…".
	lexicalVerbRe = lazyre.New(`^(?:(?:the|every|each|all|no)\s+)?(?:[\w'./#-]+\s+){1,4}?(?:already\s+|always\s+|only\s+|also\s+|still\s+|usually\s+|never\s+)?([a-z]+s)\s+\S`)
	// pluralVerbRe finds the verb after a bare plural subject: "integration tests live…".
	pluralVerbRe = lazyre.New(`^(?:[\w'./#-]+\s+){0,3}?[\w'-]+s\s+(?:(?:about|for|of|on|in|from|with)\s+[\w'-]+\s+)?(?:always\s+|only\s+|also\s+|never\s+|usually\s+)?(?:live|sit|need|use|run|go|follow|require|depend|belong|get|stay|take|point|talk|contain|share|start|end|expire|work|come|map|call|read|write|hit|wait|retry|fail over)\b`)
	// transientRe marks a passing state of a system, not a fact about it.
	transientRe = lazyre.New(`(?i)\b(?:broken|failing|down|flaky|slow|red|green|stuck|hanging|weird|wrong|fixed|working|fine|done|ready|gone|missing|empty|off|out)\b\s*[.!]*$`)
)

func jobAlternation() string {
	words := make([]string, 0, len(jobWords)+4)
	for w := range jobWords {
		words = append(words, w)
	}
	return strings.Join(append(words, "maintainer", "expert", "owners", "maintainers"), "|")
}

// projectStatement reports whether an impersonal, present-tense clause said by the user is a
// project or world fact worth keeping: it names a path, host, variable, port or version; says
// where something is or how it is set up; or has a named or definite subject with a lexical
// verb ("Dana owns the auth service", "the gateway retries three times").
func projectStatement(ci clauseInfo) bool {
	t := strings.TrimRight(ci.text, " .!")
	if universalRoute.MatchString(t) {
		return true // its participle ("everything loaded at …") reads as a past tense
	}
	past := ci.tense == tensePast && !presentVerbFirst(ci.words)
	if past && decisionRe.MatchString(t) && !startsWithPronoun(ci.words) && subjectNamed(withoutIntro(t), lowerWords(withoutIntro(t))) {
		return true // "The team settled on Ruff", "Dana chose Postgres because…": a decision
	}
	if namedPersonFact(withoutIntro(t), ci.words, ci.slots) {
		return true // "Priya works at Deloitte", "Maya moved to Lisbon": what the user knows of someone
	}
	if past && !startsWithPronoun(ci.words) && (settingSlot(t, strings.ToLower(t)) != nil || rescheduledRe.MatchString(t) && subjectNamed(t, ci.words)) {
		return true // "The standup got moved to 10am", "Code freeze moved to March 27": a thing's new value
	}
	if past && !strings.Contains(strings.ToLower(t), "turned out") || ci.tense == tenseFuture {
		return false
	}
	t = scopeTailRe.ReplaceAllString(withoutIntro(t), "")
	words := lowerWords(t)
	if taskRequest(words) {
		return false // "Do a dry run for 0.15.0": the task at hand, however technical
	}
	if commandDoesRe.MatchString(t) {
		return true // "`just lint` runs clippy with pedantic warnings": what a project command does
	}
	// "The API timeout is 30 seconds" names a debugging word, yet states a setting.
	// "clippy runs with -D warnings" names a debugging word as the value of a flag: how a tool is run.
	if len(words) < 2 || transientRe.MatchString(t) || hasAny(words, debugWords) && !settingRe.MatchString(t) && !cliFlagRe.MatchString(t) ||
		startsWithPronoun(words) {
		return false
	}
	lower := strings.ToLower(t)
	if strings.HasPrefix(t, "`") || (techToken(t) || standingRe.MatchString(ci.text)) && (hasVerb(words) || pluralVerbRe.MatchString(lower)) {
		return true
	}
	if durableCopulaRe.MatchString(t) || settingSlot(t, lower) != nil || namedSetup(t) {
		return true // "The retry limit is 3": a setting, with or without a unit
	}
	if namedToolRe.MatchString(t) && subjectNamed(t, words) {
		return true // "Project Atlas uses MongoDB": what a project is built with
	}
	if m := lexicalVerbRe.FindStringSubmatchIndex(lower); m != nil && lexicalVerbAt(lower, m[2], m[3]) &&
		(subjectNamed(t, words) || bareToolSubject(lower, m[2], ci)) {
		// "Dana owns the auth service", "the gateway retries three times": an owner, or a
		// behaviour of something in the project; "the blue adds so much" is small talk.
		if ownerVerbs[lower[m[2]:m[3]]] || workContext(ci) || personSubject(t, words) {
			return true
		}
		// Else the -s word may be the plural subject, not the verb: "Background jobs go
		// through Oban" read "jobs" as the verb and was dropped.
	}
	return pluralVerbRe.MatchString(lower)
}

// commandDoesRe is a command in backticks as the subject of what it does: "`make lint` runs
// the pinned golangci-lint", "`just check` lints with clippy and denies warnings". How the
// project's command works is a convention, even when what it runs names a debugging word
// ("warnings", "errors"); a command that fails or throws is no such verb and stays a report.
var commandDoesRe = lazyre.New("^`[^`]+`\\s+(?:(?:also|only|just|always)\\s+)?(?:runs|checks|lints|formats|builds|wraps|calls|invokes|" +
	"executes|generates|regenerates|deploys|installs|starts|applies|uses|goes through|denies|treats|compiles|bundles)\\b")

// universalRoute is a rule for all things of a kind, said with "everything" and what
// narrows it: "Everything loaded at runtime goes through Addressables", "Everything we
// deploy runs on Nomad". The named thing after the verb (a capital or a word of code)
// makes it the work's; "everything I cook goes in the freezer" names none.
var universalRoute = lazyre.New(`^(?:[Ee]verything|[Aa]ll)\s+(?:\w+ed|that|we|you)\b[^,;]*?\s(?:goes|go|runs|run|lives|live|is|are)\s+(?:through|via|in|on|with|under)\s+(?:the\s+)?(?:[A-Z]|[\w.-]+/|` + "`" + `)`)

// scopeTailRe is a tail saying a statement holds across the work: "Region is eu-north-1 for
// everything", "… everywhere". It widens the statement, and is no part of its value.
var scopeTailRe = lazyre.New(`(?i),?\s+(?:for (?:everything|all of (?:them|it)|all (?:\w+ )?(?:repos|repositories|projects|services|environments|envs|stacks|accounts|apps))|everywhere|across the board)$`)

// cliFlagRe finds a command-line flag: "-D warnings", "--strict".
var cliFlagRe = lazyre.New(`(?:^|\s)--?[A-Za-z][\w-]*\b`)

// taskRequest reports a clause that asks for a piece of work with "do" and an object of its
// own ("Do a dry run", "do the migration"): isImperative leaves "do" out, since "do you…"
// and "do we…" ask questions.
func taskRequest(words []string) bool {
	return len(words) > 1 && words[0] == "do" && specificDets[words[1]] && words[1] != "our" && words[1] != "my"
}

// bareToolSubject reports a clause whose subject is one lower-case word, the way chat names a
// tool ("clippy runs with -D warnings in CI", "ruff checks the imports"), in a clause about
// the work: the word before the verb at lower[verbStart:] is the whole subject.
func bareToolSubject(lower string, verbStart int, ci clauseInfo) bool {
	return bareName(lower[:verbStart]) && hasAny(ci.words, workWords)
}

// setupNouns are the parts of a project's setup that are one named thing at a time.
var setupNouns = set(`branch database db registry region runtime bucket namespace cluster domain framework orm
linter formatter bundler manager runner provider cloud stack language editor ide shell`)

// namedSetup reports what a part of the project's setup is: "The default branch is
// master", "Our package manager is pnpm". Only a setup noun counts: "the weather is
// nice" says nothing of a project.
func namedSetup(t string) bool {
	if w := lowerWords(t); len(w) > 1 && setupNouns[w[0]] && (w[1] == "is" || w[1] == "are") {
		t = "The " + strings.ToLower(t[:1]) + t[1:] // "Region is eu-north-1", said as chat says it
	}
	m := copulaRe.FindStringSubmatch(t)
	if m == nil || m[2] != "" {
		return false
	}
	subject := strings.Fields(strings.ToLower(m[1]))
	return setupNouns[subject[len(subject)-1]] && copulaSlot(t) != nil
}

// namedToolRe finds a named thing that uses a named tool: "Project Atlas uses MongoDB",
// "The billing service depends on Kafka". The tool's capital tells it from small talk, or,
// in chat's lower case, the version after it: "the project uses node 18".
var namedToolRe = lazyre.New(`^(?:[Tt]he\s+)?(?:[\w'./#-]+\s+){1,4}?(?:uses|requires|depends on|targets|runs on)\s+(?:[A-Z]|[a-z][\w.+#-]*\s+v?\d+(?:\.\d+){0,2}\b)`)

// lexicalVerbAt reports whether the -s word at lower[start:end] reads as the verb: not right
// after a determiner or possessive ("the colors pop", "your dreams are…") and not followed by
// a verb of its own ("the fans are…").
func lexicalVerbAt(lower string, start, end int) bool {
	if !likelyVerb(lower[start:end]) {
		return false
	}
	if prev, _ := prevWord(lower[:start]); determinerOnly(prev) || possessives[prev] {
		return false
	}
	next, _, _ := strings.Cut(strings.TrimSpace(lower[end:]), " ")
	return !finiteAux[next] && !modals[next] && next != "of" // "moments of…" is a noun
}

// personSubject reports a subject that names a person or what a person has: a possessive of
// a name ("Tom's band") or a family word used as a name ("Grandma turns 90 in February").
func personSubject(t string, words []string) bool {
	first, _, _ := strings.Cut(t, " ")
	if name, ok := strings.CutSuffix(words[0], "'s"); ok && first[0] >= 'A' && first[0] <= 'Z' && !indefinites[name] &&
		!startsWithPronoun([]string{name}) && name != "let" && name != "he" && name != "she" {
		return true
	}
	return familyNames[words[0]]
}

// namedPersonFact reports a statement about a person named by name that fills one of the
// slots people have: where they live or work, what they do, how old they are.
func namedPersonFact(t string, words []string, slots *SlotMemo) bool {
	if len(words) < 3 || t == "" || t[0] < 'A' || t[0] > 'Z' || indefinites[words[0]] || startsWithPronoun(words) ||
		determinerOnly(words[0]) || strings.HasSuffix(words[0], "'s") {
		return false
	}
	t = toThirdPerson(withoutTimeTail(t), "User", "") // "Ravi isn't vegetarian" reads as "Ravi is not vegetarian"; "Mia turned 8 last week" (ages.go)
	if cs := canonicalise(t); cs != nil {
		t = cs[0].text // "Maya moved to Lisbon": Maya lives in Lisbon
	}
	s := slots.Of(t)
	return s != nil && personPredicates[s.Predicate] && !strings.Contains(s.Subject, " ")
}

// personPredicates are the slots a person has.
var personPredicates = set(`lives_in works_at studies_at job_title age diet relationship_status from employment disposed`)

var familyNames = set(`grandma grandpa granny grandad grandmother grandfather mom mum mommy mummy dad daddy mother
father nana papa auntie uncle`)

// ownerVerbs say who is responsible for something.
var ownerVerbs = set(`owns maintains manages leads runs handles approves reviews oversees coordinates answers
decides`)

var possessives = set(`my your his her its our their those these`)

// startsWithPronoun reports clauses whose subject is a pronoun or a demonstrative: without
// the sentence before, "it runs on Fridays" or "that works" says nothing.
func startsWithPronoun(words []string) bool {
	switch words[0] {
	case "it", "it's", "this", "that", "that's", "these", "those", "they", "he", "she", "there", "there's", "you", "here", "what", "which", "who", "everything", "nothing", "something", "anything":
		return true
	}
	return false
}

// subjectNamed reports a subject a fact can be about: a capitalised name, a definite noun
// phrase ("the billing service") or a quantified one ("every PR").
func subjectNamed(t string, words []string) bool {
	first := t[:max(1, strings.IndexByte(t+" ", ' '))]
	switch words[0] {
	case "the", "every", "each", "all", "no":
		return true
	}
	if systemNoun(words[0]) {
		return true // lower-case chat names a part of the system without a capital: "ci runs on …"
	}
	return first[0] >= 'A' && first[0] <= 'Z' && !indefinites[words[0]] && (!strings.HasSuffix(words[0], "ing") || ingNouns[words[0]])
}

// systemNoun reports a word that names a part of a software project by itself: "ci",
// "staging", "the db". A word ending in -s may be the verb of a clause whose subject was
// left out ("… and reviews changes to it"), so it does not count.
func systemNoun(w string) bool {
	return (ingNouns[w] || setupNouns[w] || workWords[w] && !weWords[w]) && !strings.HasSuffix(w, "s")
}

// ingNouns end in -ing yet name a part of a system, not an activity: "Staging runs on
// port 8000" is a fact, "Running helps me relax" is no project's.
var ingNouns = set(`staging billing logging hosting routing pricing caching messaging onboarding booking
ticketing tracing monitoring alerting networking scheduling`)

// indefinites are capitalised at the start of a sentence without naming anyone.
var indefinites = set(`everything nothing something anything everyone everybody nobody someone somebody anyone
none both either neither one another most many some`)

// likelyVerb rules out plural nouns and adverbs the verb pattern can catch.
func likelyVerb(w string) bool {
	if _, ok := thirdPersonLemma(w); !ok {
		return false
	}
	return !strings.HasSuffix(w, "ics") && !strings.HasSuffix(w, "ous") && !notVerbs[w]
}

var notVerbs = set(`is was has does its this his hers yours ours theirs always sometimes perhaps less thus plus news series
looks seems sounds feels tastes smells sucks rocks
species means ways days years months weeks hours minutes seconds times things others details tests docs ops`)

// presentVerbFirst reports a present-tense lexical verb before any past form: "the flag turns
// on the redesigned checkout" is in the present, whatever "redesigned" looks like.
func presentVerbFirst(words []string) bool {
	for i, w := range words {
		switch {
		case i > 0 && likelyVerb(w) && !determinerOnly(words[i-1]):
			return true
		case irregularPast[w] || len(w) > 4 && strings.HasSuffix(w, "ed"):
			return false
		}
	}
	return false
}

// A rule cut from the sentence that named its object says nothing once stored alone:
// "always add a new one" (a new what?), "never call an API above that", "don't let
// anything upgrade past it". The antecedent was in the clause before, which a stored
// rule does not carry, so such a clause is no rule.
var (
	// anaphoricOneRe is "one" standing for a noun said before: "a new one", "the old
	// one", "one that's merged". "One namespace per team" counts a noun of its own.
	anaphoricOneRe = lazyre.New(`(?i)\b(?:(?:a|an|the|another|any)\s+(?:\w+\s+)?one|one\s+(?:that|which|who)(?:'s)?)(?:\s*[.!]*$|\s+(?:that|which|who)\b|'s\b)`)
	// relativeBoundRe is a bound set by something said before: "above that", "past it".
	relativeBoundRe = lazyre.New(`(?i)\b(?:above|below|past|beyond|newer than|older than|higher than|lower than)\s+(?:it|that|this|them|those)\b`)
)

// lostAntecedent reports a clause whose object is a pronoun for something named before it.
func lostAntecedent(t string) bool {
	return anaphoricOneRe.MatchString(t) || relativeBoundRe.MatchString(t) || pronounOwnerRe.MatchString(t)
}

// pronounOwnerRe is a subject owned by something said before: "Its URL always comes from
// …", "their names never …". Stored alone, the rule no longer says whose.
var pronounOwnerRe = lazyre.New(`(?i)^(?:its|their)\s`)

// neverExperienceRe is the speaker's experience said with "never": "I've never done one
// on this repo", "we have never used Docker here". A rule says "never" without "have":
// "we never use gomock".
var neverExperienceRe = lazyre.New(`(?i)\b(?:i|we)(?:'ve|\s+have|\s+had|'d)\s+never\b`)

// keptAtVersionRe is a version the team holds something at: "we keep the MSRV at 1.74",
// "we pin node to 18.19". The dotted version tells it from "we keep the thermostat at 21".
var keptAtVersionRe = lazyre.New(`(?i)^(?:\w+\s+){0,2}?(?:we|i)\s+(?:keep|pin|hold)\s+(?:the\s+|our\s+)?[\w.-]+(?:\s+[\w.-]+)?\s+(?:at|to|on)\s+v?\d+(?:\.\d+)+\b`)

// minimumVersionRe states the lowest version the work supports: "the minimum supported
// Rust version is 1.74", "the MSRV is 1.70", "minSdk stays 26".
var minimumVersionRe = lazyre.New(`(?i)^(?:the\s+|our\s+)?(?:minimum\s+supported\s+(?:\S+\s+){0,2}?version|msrv|min\s?sdk|minimum\s+(?:\S+\s+)?version)\s+(?:is|stays|remains)\s+(?:at\s+)?v?\d+(?:\.\d+)*\b`)

// onlyAllowedRe is a permission kept to one part of the work: "only cl-cli is allowed
// anyhow", "only the api package may import net/http".
var onlyAllowedRe = lazyre.New(`(?i)^only\s+(?:the\s+)?[\w./-]+(?:\s+[\w./-]+){0,2}?\s+(?:is|are)\s+allowed\b|^only\s+(?:the\s+)?[\w./-]+(?:\s+[\w./-]+){0,2}?\s+(?:may|can)\s+(?:use|import|call|depend on|touch)\b`)

// keptWorkThing reports whether what a "we keep X at 1.74" clause (kept,
// its keptAtVersionRe match) holds is part of the work: a work word
// ("toolchain", "dependency") or a name written in capitals ("MSRV", "Go",
// "Node"), not "the router firmware at home" (its dotted number alone made
// it a rule).
func keptWorkThing(ci clauseInfo, kept string) bool {
	if hasAny(ci.words, workWords) {
		return true
	}
	for _, w := range strings.Fields(kept)[1:] {
		if r := []rune(w); len(r) > 1 && unicode.IsUpper(r[0]) {
			return true
		}
	}
	return false
}
